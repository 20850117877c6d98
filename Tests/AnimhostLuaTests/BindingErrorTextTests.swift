import XCTest
import Foundation
@testable import AnimhostLua

/// What a binding's failure reads as in Lua: Foundation's errors by their sentence, never their
/// domain, code or user info (the oracle: the texts Foundation documents for these codes).
final class BindingErrorTextTests: XCTestCase {
    func testFoundationErrorsReadAsSentences() {
        let exists = CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: "/tmp/x"])
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        for error in [exists as Error, posix] {
            let text = plainDescription(error)
            XCTAssertFalse(text.contains("Domain"), text)
            XCTAssertFalse(text.contains("UserInfo"), text)
            XCTAssertFalse(text.contains("Code="), text)
            XCTAssertFalse(text.isEmpty)
        }
        XCTAssertEqual(plainDescription(BindingError("rect: x: expected a number")), "rect: x: expected a number")
    }
}
