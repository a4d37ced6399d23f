import Testing
@testable import Widgets

@Suite struct CheckinResponseTests {
    @Test("the spec's four response classes, decided for the native drain", arguments: [
        (CheckinResponse.success(rotatedToken: nil), CheckinDelivery.Decision.removeAndContinue(rotatedToken: nil)),
        (.unauthorized, .stopAndClearToken),
        (.businessFailure, .keepAndContinue),
        (.transient, .keepAndContinue),
    ] as [(CheckinResponse, CheckinDelivery.Decision)])
    func table(response: CheckinResponse, decision: CheckinDelivery.Decision) {
        #expect(CheckinDelivery.decide(response) == decision)
    }

    @Test("a rotated token rides along with success")
    func rotated() {
        #expect(CheckinDelivery.decide(.success(rotatedToken: "t2")) == .removeAndContinue(rotatedToken: "t2"))
    }

    @Test("with stop-and-clear off, UNAUTHORIZED keeps the token and goes on")
    func unauthorizedOff() {
        #expect(CheckinDelivery.decide(.unauthorized, unauthorizedStopAndClear: false) == .keepAndContinue)
    }

    @Test("the app's replay: a rejection is a visible permanent error, or silently dropped before OBJ-1858")
    func replay() {
        #expect(CheckinReplay.outcome(.success(rotatedToken: nil)) == .delivered)
        #expect(CheckinReplay.outcome(.businessFailure) == .permanentError)
        #expect(CheckinReplay.outcome(.businessFailure, errorsArrayChecked: false) == .silentlyDropped)
        #expect(CheckinReplay.outcome(.transient) == .retry)
    }
}
