import Testing
@testable import Widgets

@Suite struct CheckinResponseTests {
    @Test("the spec's four response classes, classified and decided", arguments: [
        (200, [String](), [String](), CheckinResponse.success(rotatedToken: nil), CheckinDelivery.Decision.removeAndContinue(rotatedToken: nil)),
        (200, ["UNAUTHORIZED"], [], .unauthorized, .stopAndClearToken),
        (200, [], ["completedDate out of range"], .businessFailure, .keepAndContinue),
        (503, [], [], .transient, .keepAndContinue),
    ] as [(Int, [String], [String], CheckinResponse, CheckinDelivery.Decision)])
    func table(status: Int, top: [String], payload: [String], response: CheckinResponse, decision: CheckinDelivery.Decision) {
        let r = CheckinResponse.classify(status: status, topLevelCodes: top, payloadErrors: payload)
        #expect(r == response)
        #expect(CheckinDelivery.decide(r) == decision)
    }

    @Test("no answer at all is transient; a rotated token rides along with success")
    func edges() {
        #expect(CheckinResponse.classify(status: nil, topLevelCodes: [], payloadErrors: []) == .transient)
        let ok = CheckinResponse.classify(status: 200, topLevelCodes: [], payloadErrors: [], rotatedToken: "t2")
        #expect(CheckinDelivery.decide(ok) == .removeAndContinue(rotatedToken: "t2"))
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
