@testable import FleetCard

/// Short constructors for the unit tests: a working, a needs-input, a blocked, an idle row.
func working(_ sid: String, _ title: String = "", host: String = "h1", dir: String = "/") -> FleetSession {
    FleetSession(sid: sid, title: title.isEmpty ? sid : title, host: host, dir: dir, busy: true)
}

func asking(_ sid: String, _ title: String = "", host: String = "h1", dir: String = "/") -> FleetSession {
    FleetSession(sid: sid, title: title.isEmpty ? sid : title, host: host, dir: dir, prompt: true)
}

func paused(_ sid: String) -> FleetSession { FleetSession(sid: sid, title: sid, busy: true, paused: true) }

func idle(_ sid: String) -> FleetSession { FleetSession(sid: sid, title: sid) }

/// A trustworthy store holding `sessions`.
func liveStore(_ sessions: [FleetSession], hiddenDirs: [String] = []) -> FleetStoreView {
    FleetStoreView(sessions: sessions, hiddenDirs: hiddenDirs, liveFetchedOnce: true)
}

let token1 = RegisteredToken("t1", env: .production)
let token2 = RegisteredToken("t2", env: .production)
