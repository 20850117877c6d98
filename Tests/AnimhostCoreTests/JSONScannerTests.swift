import XCTest
@testable import AnimhostCore

/// The scanner that reads scene and gesture files reads every document as Foundation's decoder
/// does, and leaves every document it cannot read exactly to it (so the messages stay Foundation's).
final class JSONScannerTests: XCTestCase {
    func scanned(_ text: String) -> JSONValue? {
        Array(text.utf8).withUnsafeBufferPointer { JSONScanner.parse($0) }
    }

    func foundation(_ text: String) -> JSONValue? { try? JSONValue.parseWithFoundation(Data(text.utf8)) }

    func testALargeSceneReadsAsFoundationReadsIt() throws {
        var rng = SystemRandomNumberGenerator()
        let nodes = (0..<3000).map { i -> String in
            let x = Double.random(in: -1e4...1e4, using: &rng), y = Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 1000
            return #"{"id": "n\#(i)", "frame": [\#(x), \#(y), 1e2, 2.5E-3], "alpha": 0.\#(i), "hidden": \#(i % 2 == 0),"#
                + #" "tag": "t\"\\\/\b\f\n\r\t\u00e9\u4e2d é中 \#(i)", "text": {"string": "Hi", "size": 17}, "image": null,"#
                + #" "children": [[], {}, [1, -0, 0.0, -12.5e+3, 123456789012345678901234567890, 0.1e-300, 5e-324]]}"#
        }
        let text = #"{"name": "big", "size": [390, 844], "nodes": [\#(nodes.joined(separator: ",\n  "))]}"#
        let value = try XCTUnwrap(scanned(text))
        XCTAssertEqual(value, try JSONValue.parseWithFoundation(Data(text.utf8)))
        guard case .object(let scene) = value, case .array(let list)? = scene["nodes"] else { return XCTFail("no nodes") }
        XCTAssertEqual(list.count, 3000)
    }

    /// Numbers in every form JSON allows, compared bit for bit with Foundation's reading.
    func testNumbersReadAsFoundationReadsThem() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "1", "-1", "0.5", "1e22", "1e23", "9007199254740993", "123456789012345", "1234567890123456",
            "0.1", "0.2", "0.3", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2", "1e-22", "4.35", "100000000000000000000000"
        ]
        for _ in 0..<20_000 {
            let x = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
            if x.isFinite { texts.append("\(x)") }
            let digits = String(Int.random(in: 0...999_999_999_999, using: &rng))
            let point = Int.random(in: 0...digits.count, using: &rng)
            texts.append(String(digits.prefix(point)).ifEmpty("0") + "." + String(digits.dropFirst(point)).ifEmpty("0") + "e\(Int.random(in: -30...30, using: &rng))")
        }
        for text in texts {
            guard case .number(let a)? = scanned(text), case .number(let b)? = foundation(text)
            else { XCTFail(text); continue }
            XCTAssertEqual(a.bitPattern, b.bitPattern, text)
        }
    }

    /// Documents that are not JSON, or that Foundation reads with a message: never read here.
    func testWhatIsNotPlainJSONIsLeftToFoundation() {
        let refused = [
            "", " ", "{", "}", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\": 1,}", "{a: 1}", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[-]",
            "[1e999]", "[-1e400]", "[1e-400]", "[0.1e-400]", "[0e5]", "[0.0e1]", "[-0e-3]", "[tru]", "[nul]", "[True]", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"a\nb\"",
            "\"\u{1}\"", "[1] [2]", "{\"a\": 1, \"a\": 2}", "\u{FEFF}[1]", "[NaN]", "[Infinity]", "/* c */ 1", "[1]\u{0}",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        ]
        for text in refused { XCTAssertNil(scanned(text), text.debugDescription) }
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xC0, 0x80, 0x5D]] {
            XCTAssertNil(bytes.withUnsafeBufferPointer { JSONScanner.parse($0) }, "\(bytes)")
        }
    }

    func testScalarsAndNestingReadAsFoundationReadsThem() {
        for text in [
            "1", "true", "false", "null", "\"x\"", " [ ] ", "{ }", "[[[[[[]]]]]]", "{\"a\":{\"b\":[{\"c\":null}]}}", "\"\\u0000\"",
            "\"\\u00e9\" ", "\t\r\n[1]\n", String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
        ] {
            XCTAssertNotNil(scanned(text), text)
            XCTAssertEqual(scanned(text), foundation(text), text)
        }
    }
}

extension JSONScannerTests {
    /// The scanner recurses once per level: at its limit it still fits a thread's small stack (a
    /// preview's runs are not on the main thread), in whatever build the test runs.
    func testItsDeepestDocumentFitsASmallStack() {
        let depth = JSONScanner.maxDepth
        let text = String(repeating: #"{"a": ["#, count: depth / 2) + String(repeating: "]}", count: depth / 2)
        final class Result: @unchecked Sendable { var read = false }  // written before the semaphore, read after
        let result = Result(), done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.read = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.parse($0) } != nil
            done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        done.wait()
        XCTAssertTrue(result.read)
        XCTAssertNil(scanned("[" + text + "]"), "one level deeper is left to Foundation")
    }
}

extension String {
    fileprivate func ifEmpty(_ other: String) -> String { isEmpty ? other : self }
}
