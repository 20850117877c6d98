import XCTest
@testable import AnimhostOutput

/// `--format`'s list: names separated by commas, each trimmed of spaces and tabs as Foundation's
/// `.whitespaces` trims them (the oracle), line breaks kept.
final class OutputFormatTests: XCTestCase {
    func testNamesAreTrimmedAsFoundationTrimsWhitespaces() throws {
        let names = ["json", " json ", "\tpng\u{2003}", "\u{00A0}gif\u{3000}", "web p", " ", "", "json\n", "\u{200B}mp4", "e\u{301} ", "\u{1680}\u{202F}\u{205F}x\u{200A}\u{200C}", "\u{85}x\u{2028}"]
        for name in names {
            XCTAssertEqual(OutputFormat.trimmingSpaces(Substring(name)), name.trimmingCharacters(in: .whitespaces), name.debugDescription)
        }
        XCTAssertEqual(try OutputFormat.parseList(" json ,\tpng\u{2003},json").map(\.name), ["json", "png"])
        XCTAssertThrowsError(try OutputFormat.parseList("json\n"))
    }
}
