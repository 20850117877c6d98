import Foundation
import XCTest
import AnimhostCore

/// JSON string literals against RFC 8259 §7, and read back by Foundation's parser (an oracle apart
/// from the code under test): every string, however hostile, reads back as written.
final class JSONStringTests: XCTestCase {
    /// What a JSON parser reads from `literal`.
    private func parsed(_ literal: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed])
        return try XCTUnwrap(value as? String, "\(literal) is not a string", file: file, line: line)
    }

    func testQuotesReverseSolidusesAndControlCharactersAreEscapedAsTheRFCSays() {
        XCTAssertEqual(JSONString.literal(#"say "hi" \ bye"#), #""say \"hi\" \\ bye""#)
        XCTAssertEqual(JSONString.literal("a\nb\rc\td"), #""a\nb\rc\td""#)
        XCTAssertEqual(JSONString.literal("\u{0}\u{1}\u{8}\u{C}\u{1B}\u{1F}"), #""\u0000\u0001\u0008\u000c\u001b\u001f""#)
        XCTAssertEqual(JSONString.literal(""), #""""#)
    }

    func testWhatNeedsNoEscapeIsWrittenAsItIs() {
        // RFC 8259 §7: only the quotation mark, the reverse solidus and U+0000–U+001F must be escaped.
        XCTAssertEqual(JSONString.literal("a/b \u{7F} é 漢 🦊 \u{2028}\u{2029}"), "\"a/b \u{7F} é 漢 🦊 \u{2028}\u{2029}\"")
    }

    func testEveryControlCharacterAndEveryAwkwardCharacterReadsBack() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for text in [controls, "\"\\/\u{7F}\u{2028}\u{2029}", "🦊\u{10FFFF}é", String(repeating: "\\\"", count: 100)] {
            let literal = JSONString.literal(text)
            XCTAssertEqual(try parsed(literal), text)
            XCTAssertFalse(literal.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 }, "no raw control character: \(literal)")
        }
    }

    func testAppendingWritesTheSameLiteral() {
        var out = "["
        JSONString.append("x\"y", to: &out)
        XCTAssertEqual(out, "[" + JSONString.literal("x\"y"))
    }
}
