import Foundation
import XCTest

/// The path of the executable `name` in a folder of `PATH` (or of `folders`, when given), or nil.
public func executable(_ name: String, in folders: [String]? = nil) -> String? {
    let searched = folders ?? (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    return searched.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The path of the executable `name` on `PATH`; skips the test, saying how to install it, when it is
/// missing (`install`: e.g. "Debian: ffmpeg").
public func requireExecutable(_ name: String, install: String) throws -> String {
    guard let path = executable(name) else { throw XCTSkip("\(name) is not installed (\(install))") }
    return path
}

/// The Chromium executable (`chromium` or `chromium-browser`), which plays the pages animhost writes;
/// skips the test when there is none.
public func requireChromium() throws -> String {
    guard let path = executable("chromium") ?? executable("chromium-browser") else {
        throw XCTSkip("chromium is not installed (Debian: chromium; scripts/setup.sh installs it)")
    }
    return path
}

/// Skips the test, saying why, when `ffmpeg` is not on `PATH`: the mp4 format cannot work without it.
public func skipWithoutFFmpeg() throws {
    if executable("ffmpeg") == nil { throw XCTSkip("ffmpeg is not installed (Debian: apt-get install ffmpeg); the mp4 format needs it") }
}

/// The package's root folder (holding Package.swift), for its plugins, examples, docs and scripts.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
