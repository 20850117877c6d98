import XCTest

@testable import AnimhostOutput

/// The HTML escaping of text a plugin controls (``HTMLText``), against the entities HTML defines.
final class HTMLTextTests: XCTestCase {
    func testEachSpecialCharacterBecomesItsEntity() {
        XCTAssertEqual(HTMLText.escaped(#"a<b>"c'&d"#), "a&lt;b&gt;&quot;c&#39;&amp;d")
        XCTAssertEqual(HTMLText.escaped("&amp;"), "&amp;amp;")
    }

    /// A combining mark after a special character makes one grapheme of the two: the character is escaped all the same.
    func testASpecialCharacterIsEscapedBeforeACombiningMark() {
        XCTAssertEqual(HTMLText.escaped("<\u{338}script>\"\u{301}"), "&lt;\u{338}script&gt;&quot;\u{301}")
    }
}
