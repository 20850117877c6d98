import XCTest
@testable import AnimhostRender

/// Which decoded pictures a run keeps: one drawn once (into a backing store) is not kept, one needed
/// again by the same or the next frame is, until no frame has drawn from it for a while.
final class ImageStoreTests: XCTestCase {
    func testAPictureIsKeptOnlyOnceNeededASecondTime() throws {
        let store = ImageStore()
        let first = try store.picture("placeholder:1", scene: nil, frame: 0)
        let second = try store.picture("placeholder:1", scene: nil, frame: 1)
        XCTAssertFalse(first === second, "decoded again: the first was not kept")
        let third = try store.picture("placeholder:1", scene: nil, frame: 2)
        XCTAssertTrue(second === third, "kept from the second time on")
    }

    func testAPictureNeededAgainOnlyFramesLaterIsNotKept() throws {
        let store = ImageStore()
        let first = try store.picture("placeholder:5", scene: nil, frame: 0)
        let later = try store.picture("placeholder:5", scene: nil, frame: 5)
        XCTAssertFalse(first === later)
        XCTAssertFalse(later === (try store.picture("placeholder:5", scene: nil, frame: 9)), "a store redrawn now and then")
        let kept = try store.picture("placeholder:5", scene: nil, frame: 10)
        XCTAssertTrue(kept === (try store.picture("placeholder:5", scene: nil, frame: 11)), "needed by the next frame: kept")
    }

    func testAKeptPictureGoesOnceNoFrameHasDrawnFromIt() throws {
        let store = ImageStore()
        _ = try store.picture("placeholder:2", scene: nil, frame: 0)
        let kept = try store.picture("placeholder:2", scene: nil, frame: 1)
        store.evict(before: 1)
        XCTAssertTrue(kept === (try store.picture("placeholder:2", scene: nil, frame: 1)), "drawn from at frame 1: stays")
        store.evict(before: 2)
        XCTAssertFalse(kept === (try store.picture("placeholder:2", scene: nil, frame: 3)), "forgotten")
    }

    func testWithoutAFrameAPictureIsKeptAtOnce() throws {
        let store = ImageStore()
        let first = try store.picture("placeholder:3", scene: nil)
        store.evict(before: 100)
        XCTAssertTrue(first === (try store.picture("placeholder:3", scene: nil)))
    }

    func testAPictureDecodedAgainDrawsTheSamePixels() throws {
        let store = ImageStore()
        let first = try store.picture("placeholder:4", scene: nil, frame: 0)
        let again = try store.picture("placeholder:4", scene: nil, frame: 1)
        XCTAssertFalse(first === again)
        let a = try first.level(forPixelWidth: 1024, height: 768), b = try again.level(forPixelWidth: 1024, height: 768)
        XCTAssertEqual(Bitmap(a.pixels), Bitmap(b.pixels))
    }
}
