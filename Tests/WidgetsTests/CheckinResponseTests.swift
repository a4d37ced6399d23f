import Testing
@testable import Widgets

@Suite struct CheckinResponseTests {
    @Test("the per-status contract: an exchange as it comes back, classified", arguments: [
        (CheckinExchange.noAnswer, CheckinResponse.transient),
        (.ok(), .success(rotatedToken: nil)),
        (.ok(rotatedToken: "t2"), .success(rotatedToken: "t2")),
        (.revokedToken, .unauthorized),
        (CheckinExchange(status: 401, topLevelCodes: ["UNAUTHORIZED"]), .unauthorized),
        (CheckinExchange(status: 200, topLevelCodes: ["INTERNAL", "UNAUTHORIZED"]), .unauthorized),
        (.outsideWindow, .businessFailure),
        (CheckinExchange(status: 200, topLevelCodes: ["INTERNAL"]), .businessFailure),
        (CheckinExchange(status: 204, payloadErrors: ["x"], rotatedToken: "t2"), .businessFailure),
        (CheckinExchange(status: 503), .transient),
        (CheckinExchange(status: 500, payloadErrors: ["x"]), .transient),
        (CheckinExchange(status: 302), .transient),
        (CheckinExchange(status: 401), .transient),
    ] as [(CheckinExchange, CheckinResponse)])
    func classify(exchange: CheckinExchange, response: CheckinResponse) {
        #expect(CheckinResponse(classifying: exchange) == response)
    }

    @Test("the printed answers land in the printed classes: UNAUTHORIZED stops and clears, a window rejection is kept natively and visible in the app")
    func printedAnswers() {
        #expect(CheckinDelivery.decide(CheckinResponse(classifying: .revokedToken)) == .stopAndClearToken)
        #expect(CheckinDelivery.decide(CheckinResponse(classifying: .outsideWindow)) == .keepAndContinue)
        #expect(CheckinReplay.outcome(CheckinResponse(classifying: .outsideWindow)) == .permanentError)
        #expect(CheckinReplay.outcome(CheckinResponse(classifying: .noAnswer)) == .retry)
    }

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
