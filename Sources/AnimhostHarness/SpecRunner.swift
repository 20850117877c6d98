import Foundation
import AnimhostCore
import AnimhostLua

/// Finds and runs Lua spec files (`*_spec.lua`), and reports them.
public struct SpecRunner {
    /// Run only tests whose full name contains this text.
    public var filter: String?
    /// The sandbox limits of each spec file.
    public var limits: SandboxLimits
    /// Re-record every snapshot instead of comparing.
    public var updateSnapshots: Bool
    /// Where `animhost.run{}` looks for plugins after the spec's folder, as `animhost run` does; nil: the spec's folder alone.
    public var searchPath: PluginCatalog?

    public init(
        filter: String? = nil, limits: SandboxLimits = SandboxLimits(timeout: 60), updateSnapshots: Bool = false,
        searchPath: PluginCatalog? = nil
    ) {
        self.filter = filter; self.limits = limits; self.updateSnapshots = updateSnapshots; self.searchPath = searchPath
    }

    /// A spec file's cases, or the error that kept it from running, and its snapshots' state.
    public struct FileResult {
        public let file: String
        public let cases: [SpecCase]
        public let error: String?
        /// Snapshot files no test used (not looked for when a filter is set).
        public var orphans: [String] = []
        /// Snapshots written (new, or re-recorded).
        public var recorded = 0
    }

    /// The totals of a run.
    public struct Summary: Equatable {
        public var passed = 0, failed = 0, skipped = 0
        /// `N passed, N failed` (and `, N skipped` when any).
        public var line: String { "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") }
    }

    /// Every `*_spec.lua` under `paths` (files or folders), sorted.
    public static func discover(_ paths: [String]) -> [URL] {
        var found: [URL] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let url = URL(fileURLWithPath: path).standardizedFileURL
            if !isFolder.boolValue { found.append(url); continue }
            found += (FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.lastPathComponent.hasSuffix("_spec.lua") }.map(\.standardizedFileURL)
        }
        return Array(Set(found)).sorted { $0.path < $1.path }
    }

    /// Runs one spec file.
    public func run(_ url: URL) -> FileResult {
        let snapshots = SnapshotFiles(spec: url, update: updateSnapshots)
        do {
            let cases = try SpecFile.run(
                url, framework: try SpecFramework.source(), filter: filter, limits: limits,
                snapshots: snapshots, searchPath: searchPath)
            var result = FileResult(file: displayPath(url), cases: cases, error: nil)
            if filter == nil { result.orphans = snapshots.orphans.map { displayPath($0) } }
            result.recorded = snapshots.written
            return result
        } catch {
            return FileResult(file: displayPath(url), cases: [], error: "\(error)")
        }
    }

    /// Totals over results; a file that could not run counts as one failure.
    public static func summarize(_ results: [FileResult]) -> Summary {
        var s = Summary()
        for r in results {
            if r.error != nil { s.failed += 1 }
            for c in r.cases {
                switch c.status {
                case .passed: s.passed += 1
                case .failed: s.failed += 1
                case .pending: s.skipped += 1
                }
            }
        }
        return s
    }

    /// The text report: a line per test, failures with their messages, then the summary line.
    public static func report(_ results: [FileResult]) -> String {
        var lines: [String] = []
        for r in results {
            lines.append(r.file)
            if let error = r.error { lines.append("  ✗ could not run: " + error.replacingOccurrences(of: "\n", with: "\n    ")) }
            for orphan in r.orphans { lines.append("  ! \(orphan): no test uses this snapshot") }
            if r.recorded > 0 { lines.append("  recorded \(r.recorded) snapshot\(r.recorded == 1 ? "" : "s")") }
            for c in r.cases {
                switch c.status {
                case .passed: lines.append("  ✓ \(c.name)")
                case .pending: lines.append("  - \(c.name) (pending)")
                case .failed:
                    lines.append("  ✗ \(c.name)")
                    lines.append("    " + (c.message ?? "failed").replacingOccurrences(of: "\n", with: "\n    "))
                }
            }
        }
        lines.append(summarize(results).line)
        return lines.joined(separator: "\n")
    }

    /// The results as JSON: files, their tests, and the totals.
    public static func json(_ results: [FileResult]) -> String {
        let str = JSONString.literal
        let s = summarize(results)
        let files = results.map { r -> String in
            let tests = r.cases.map { c in
                "{\"name\": \(str(c.name)), \"status\": \(str(c.status.rawValue)), \"message\": \(c.message.map(str) ?? "null")}"
            }
            return "{\"file\": \(str(r.file)), \"error\": \(r.error.map(str) ?? "null"), \"tests\": [\(tests.joined(separator: ", "))]}"
        }
        return "{\"passed\": \(s.passed), \"failed\": \(s.failed), \"skipped\": \(s.skipped), \"files\": [\(files.joined(separator: ", "))]}"
    }

    /// The results as JUnit XML, for CI services.
    public static func junit(_ results: [FileResult]) -> String {
        let esc = ReportText.xml
        let s = summarize(results)
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites tests=\"\(s.passed + s.failed + s.skipped)\" failures=\"\(s.failed)\" skipped=\"\(s.skipped)\">"
        ]
        for r in results {
            let failures = r.cases.filter { $0.status == .failed }.count + (r.error == nil ? 0 : 1)
            xml.append("  <testsuite name=\"\(esc(r.file))\" tests=\"\(r.cases.count)\" failures=\"\(failures)\">")
            if let error = r.error { xml.append("    <testcase name=\"(loading)\" classname=\"\(esc(r.file))\"><failure message=\"\(esc(error))\"/></testcase>") }
            for c in r.cases {
                let open = "    <testcase name=\"\(esc(c.name))\" classname=\"\(esc(r.file))\""
                switch c.status {
                case .passed: xml.append(open + "/>")
                case .pending: xml.append(open + "><skipped/></testcase>")
                case .failed: xml.append(open + "><failure message=\"\(esc(c.message ?? "failed"))\"/></testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n")
    }
}
