import XCTest
@testable import AnimhostCore

/// `Color(hex:)` against arithmetic: every pair of hex digits in every position and form, and every
/// text that is not one of the four forms refused.
final class ColorHexTests: XCTestCase {
    let digits = Array("0123456789abcdefABCDEF")

    func value(_ c: Character) -> Int { c.hexDigitValue! }

    func testEveryDigitPairReadsAsItsValueOver255() {
        for hi in digits {
            for lo in digits {
                let v = Double(value(hi) * 16 + value(lo)) / 255
                let pair = "\(hi)\(lo)"
                XCTAssertEqual(Color(hex: "#\(pair)0000"), Color(r: v, g: 0, b: 0), pair)
                XCTAssertEqual(Color(hex: "#00\(pair)00"), Color(r: 0, g: v, b: 0), pair)
                XCTAssertEqual(Color(hex: "#0000\(pair)"), Color(r: 0, g: 0, b: v), pair)
                XCTAssertEqual(Color(hex: "#FFFFFF\(pair)"), Color(r: 1, g: 1, b: 1, a: v), pair)
            }
        }
    }

    func testShortFormsRepeatEachDigit() {
        for d in digits {
            let v = Double(value(d) * 17) / 255
            XCTAssertEqual(Color(hex: "#\(d)00"), Color(r: v, g: 0, b: 0), "\(d)")
            XCTAssertEqual(Color(hex: "#0\(d)0"), Color(r: 0, g: v, b: 0), "\(d)")
            XCTAssertEqual(Color(hex: "#00\(d)"), Color(r: 0, g: 0, b: v), "\(d)")
            XCTAssertEqual(Color(hex: "#000\(d)"), Color(r: 0, g: 0, b: 0, a: v), "\(d)")
        }
    }

    /// Any byte that is not a hex digit, in any position of any form, and every other length.
    func testEverythingElseIsRefused() {
        let hex = Set("0123456789abcdefABCDEF".utf8)
        for length in [3, 4, 6, 8] {
            for position in 0..<length {
                for byte in (0...127).map(UInt8.init) where !hex.contains(byte) {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text[position] = byte
                    XCTAssertNil(Color(hex: "#" + String(decoding: text, as: UTF8.self)), "\(length) \(position) \(byte)")
                }
            }
        }
        for text in ["", "#", "#1", "#12", "#12345", "#1234567", "#123456789", "123", "123456", "#é12", "#12é", "#１２３", "# 123", "#123 ", "##123"] {
            XCTAssertNil(Color(hex: text), text)
        }
        // Signs were once read as part of a pair ("+F" as 15): not a colour form.
        for text in ["#+F+F+F", "#-0-0-0", "#+F0000"] { XCTAssertNil(Color(hex: text), text) }
    }

    func testHexStringSpellsEachComponentAsItsNearestByte() {
        for v in 0...255 {
            let x = Double(v) / 255
            let byte = String(v, radix: 16, uppercase: true)
            let two = v < 16 ? "0" + byte : byte
            XCTAssertEqual(Color(r: x, g: 0, b: 0).hexString, "#\(two)0000")
            XCTAssertEqual(Color(r: 0, g: 0, b: 0, a: x).hexString, v == 255 ? "#000000" : "#000000\(two)")
        }
        XCTAssertEqual(Color(r: 2, g: -1, b: 0.5).hexString, "#FF0080")
    }
}
