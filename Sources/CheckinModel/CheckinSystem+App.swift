import Widgets

extension CheckinSystem {
    /// The app process's steps: store hydration, the JS drain (useWidgetCheckinDrain), the
    /// store's persistence and replay, and the snapshot rewrite (useWidgetSnapshot).
    func appStep(_ s: CheckinState, _ a: CheckinAction) -> CheckinState? {
        guard var app = s.app else { return nil }
        var t = s
        switch a {
        case .hydrate:
            guard !s.store.hydrated else { return nil }
            t.store.hydrate()
        case .drain:
            guard !app.drained, app.drain == nil else { return nil }
            app.drained = true
            if on(.queueLock) {
                let list = t.queue.drain()
                app.drain = list.isEmpty ? nil : .returned(list)
            } else {
                let list = t.queue.read()
                app.drain = list.isEmpty ? nil : .read(list)
            }
        case .clearDrained:
            guard case .read(let list) = app.drain else { return nil }
            t.queue.clearAll()
            app.drain = .returned(list)
        case .enqueue:
            guard case .returned(let list) = app.drain else { return nil }
            for e in list { t.store.enqueue(e, dedup: on(.storeDedup)) }
            app.drain = on(.awaitedFlush) ? .flushing(list) : nil
        case .flush:
            guard case .flushing = app.drain else { return nil }
            guard s.store.hydrated || !config.variants.flushWaitsForHydration else { return nil }
            t.store.flush(hydrationGuard: on(.hydrationGuard))
            app.drain = nil
        case .persist:
            guard s.store.isDirty else { return nil }
            t.store.flush()
        case .replay:
            guard s.store.hydrated, let e = s.store.queue.first else { return nil }
            let response = CheckinResponse(classifying: serverCheckIn(&t, e, nativeToken: nil))
            switch CheckinReplay.outcome(response, errorsArrayChecked: on(.errorsArrayChecked)) {
            case .delivered: t.store.remove(e)
            case .permanentError:
                t.store.remove(e)
                if !t.rejectedVisible.contains(e) { t.rejectedVisible.append(e) }
            case .silentlyDropped:
                t.store.remove(e)
                if !t.silentlyDropped.contains(e) { t.silentlyDropped.append(e) }
            case .retry: break
            }
        case .refresh:
            (t.snapshotDay, t.checked) = fresh(s)
        default:
            return nil
        }
        t.app = app
        return t
    }
}
