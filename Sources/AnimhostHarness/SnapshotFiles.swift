import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostOutput
import AnimhostRender

/// Snapshots as files beside each spec file: traces in `__snapshots__/SPEC/NAME.snap`, images in
/// `__snapshots__/SPEC/NAME.png` (and, when one differs, `NAME.diff.png` showing where).
public final class SnapshotFiles: SnapshotStore {
    /// `__snapshots__/SPEC` beside the spec file.
    public let folder: URL
    /// Re-record instead of comparing.
    public let update: Bool
    /// The snapshot files the spec used.
    public private(set) var used: Set<String> = []
    /// How many snapshots were written.
    public private(set) var written = 0

    /// The spec's own folder: every snapshot file, links resolved, must lie inside it.
    private let root: URL

    /// The snapshots of the spec file at `spec`.
    public init(spec: URL, update: Bool) {
        let base = spec.deletingPathExtension().lastPathComponent
        root = spec.deletingLastPathComponent()
        folder = root.appendingPathComponent("__snapshots__").appendingPathComponent(base)
        self.update = update
    }

    /// `file` in ``folder``, with every symbolic link resolved; refused when a link leads out of the
    /// spec's folder, or when `__snapshots__`, its folder for the spec or the file is a link at all.
    private func contained(_ file: String) throws -> URL {
        let relative = "__snapshots__/\(folder.lastPathComponent)/\(file)"
        guard let url = ContainedPath.resolve(relative, in: root) else {
            throw SnapshotError("\(relative): a symbolic link leads out of the spec's folder; snapshots stay beside their spec")
        }
        // A link inside the folder would have a snapshot replace another file there (a plugin, a scene image).
        for path in ["__snapshots__", "__snapshots__/\(folder.lastPathComponent)", relative] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent(path).path) {
                throw SnapshotError("\(path) is a link (to \(target)): snapshots are files and folders of their own beside their spec; remove the link")
            }
        }
        return url
    }

    /// Runs `body`, which writes `url`, with a failure in plain words naming the file.
    private func writing(_ url: URL, _ body: () throws -> Void) throws {
        do { try body() } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
            throw SnapshotError("cannot write \(url.path): \(reason ?? "the file could not be written")")
        }
    }

    /// Compares with `NAME.snap`, or writes it when missing or re-recording.
    public func check(name: String, text: String) throws -> SnapshotVerdict {
        let file = try claim(SnapshotFiles.fileName(for: name), name: name)
        guard text.utf8.count <= Bounds.inputFileBytes else {  // one that could never be read back
            throw SnapshotError("the snapshot '\(name)' is \(text.utf8.count) bytes, past the \(Bounds.inputFileBytes >> 20) MiB a snapshot may hold: snapshot a smaller part")
        }
        let url = try contained(file)
        let recorded = try recordedText(url)
        if !update, let recorded { return recorded == text ? .matched : .differs(recorded: recorded) }
        if recorded == text { return .matched }
        try writing(url) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        written += 1
        return .recorded
    }

    /// Notes that the snapshot `name` uses `file`; a second snapshot of the same name in one run is refused, as it could never pass.
    private func claim(_ file: String, name: String) throws -> String {
        guard used.insert(file).inserted else {
            throw SnapshotError("two snapshots of this spec are named '\(name)' (\(folder.lastPathComponent)/\(file)): give each test, or each snapshot's name =, its own name")
        }
        return file
    }

    /// The text recorded at `url`, or nil when there is none; anything but a regular file there is refused, naming it.
    private func recordedText(_ url: URL) throws -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        do { return String(decoding: try InputFile.read(url.path, within: ContainedPath.resolved(root.path)), as: UTF8.self) } catch {
            throw SnapshotError("\(error)")
        }
    }

    /// Renders the frame and compares it with `NAME.png`, or writes that when missing or re-recording.
    /// On a difference, writes `NAME.diff.png`: the new frame faded, differing pixels in red.
    public func checkImage(name: String, frame: FrameSample, info: TimelineInfo, scale: Double, tolerance: Int) throws -> ImageSnapshotVerdict {
        let file = try claim(SnapshotFiles.fileName(for: name, extension: "png"), name: name)
        let url = try contained(file)
        let diffURL = try contained(SnapshotFiles.fileName(for: name, extension: "diff.png"))
        let renderer = try FrameRenderer(size: info.size, scale: scale, images: ImageStore(folders: info.imageFolders))
        let now = try withExtendedLifetime(renderer) { Bitmap(try renderer.render(frame)) }
        if !update, FileManager.default.fileExists(atPath: url.path) {
            let recorded = try Bitmap.read(url)
            guard let diff = SnapshotFiles.diff(recorded, now, tolerance: tolerance) else {
                try? FileManager.default.removeItem(at: diffURL)
                return .matched
            }
            try writing(diffURL) { try diff.image.withPixelBuffer { try PNGFile.write($0, to: diffURL) } }
            return .differs(pixels: diff.pixels, total: now.width * now.height, diff: diffURL.path)
        }
        try writing(url) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try now.withPixelBuffer { try PNGFile.write($0, to: url) }
        }
        try? FileManager.default.removeItem(at: diffURL)
        written += 1
        return .recorded
    }

    /// Nil when every pixel is within `tolerance`; otherwise the count of those that are not and an
    /// image of `now` faded to a quarter, with them in red (all red when the sizes differ).
    static func diff(_ recorded: Bitmap, _ now: Bitmap, tolerance: Int) -> (pixels: Int, image: Bitmap)? {
        var image = now
        guard recorded.width == now.width, recorded.height == now.height else {
            for i in 0..<now.width * now.height { image.set(i, r: 255, g: 0, b: 0) }
            return (now.width * now.height, image)
        }
        var pixels = 0
        for i in 0..<now.width * now.height {
            if now.difference(from: recorded, at: i) > tolerance {
                pixels += 1
                image.set(i, r: 255, g: 0, b: 0)
            } else {
                let b = now.bytes
                image.set(i, r: 191 + b[i * 4 + 2] / 4, g: 191 + b[i * 4 + 1] / 4, b: 191 + b[i * 4] / 4)
            }
        }
        return pixels == 0 ? nil : (pixels, image)
    }

    /// Snapshot files in the folder that no test used.
    public var orphans: [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { ($0.hasSuffix(".snap") || ($0.hasSuffix(".png") && !$0.hasSuffix(".diff.png"))) && !used.contains($0) }
            .sorted().map { folder.appendingPathComponent($0) }
    }

    /// A file name from a test name, one to one: ASCII letters and digits, '-' and (in a name in
    /// composed form, NFC) other scripts' letters and digits are kept, a space becomes '_', and every other byte (of '_', '%', '/' and '.'
    /// too) is written `%XX`, so that different names never share a file ("push fast" is
    /// `push_fast`, "push/fast" `push%2Ffast`, "push_fast" `push%5Ffast`). A name of more than 200 bytes
    /// keeps what fits in 200 and a hash of the whole (FNV-1a), so that every name gives a file name
    /// the disk accepts (at most 255 bytes).
    static func fileName(for name: String, extension ext: String = "snap") -> String {
        // Only a name in composed form (NFC) keeps other scripts' letters: a decomposed one, which
        // Swift and disks that normalise names (APFS) hold equal to it, writes them `%XX` instead.
        let composed = name.unicodeScalars.elementsEqual(name.precomposedStringWithCanonicalMapping.unicodeScalars)
        var plain = ""
        for scalar in name.unicodeScalars {
            if scalar == " " {
                plain += "_"
            } else if (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"))
                || (composed && !scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
            {
                plain.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { plain += String(format: "%%%02X", byte) }
            }
        }
        guard plain.utf8.count > 200 else { return plain + "." + ext }
        var kept = ""
        for c in plain where kept.utf8.count + c.utf8.count <= 200 { kept.append(c) }
        let hash = name.utf8.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        return kept + "-" + String(hash, radix: 16) + "." + ext
    }
}

/// A snapshot file that cannot be used, in plain words naming it.
struct SnapshotError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
