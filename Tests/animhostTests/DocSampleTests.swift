import Foundation
import XCTest
import AnimhostTestSupport

/// Every sample in README.md, docs/*.md and Examples/*/README.md runs as written. README.md's run first,
/// in order, in a scratch folder where the built `animhost` is on `PATH`, `Examples` is a copy of the
/// checkout's and `animhost` links to the checkout (docs/editor.md copies its editor files from there);
/// then each other document's, in order, in a folder of its own laid out alike and holding README's files
/// (so README's `Plugins/fade.lua` is there for docs/testing.md's spec), two documents at once on two cores.
final class DocSampleTests: XCTestCase {
    func testEverySampleInTheDocumentationRunsAsWritten() throws {
        let documents = try Self.documents().map { document in
            (document, DocSample.parse(try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8), file: document))
        }
        let readme = documents[0].1
        let base = try temporaryFolder("doc")
        let first = try Self.runSamples(readme, in: try Self.scratch(base, "README"))
        let others = Array(documents.dropFirst())
        let rest = try sideBySide(others.count) { i in
            let folder = try Self.scratch(base, "\(i)")
            try Self.saveFiles(of: readme, in: folder)
            return try Self.runSamples(others[i].1, in: folder)
        }
        var failures: [String] = []
        var counts: [String: Int] = [:]
        for report in [first] + rest {
            failures += report.failures
            counts.merge(report.counts, uniquingKeysWith: +)
        }
        XCTAssert(counts["run", default: 0] >= 10 && counts["file", default: 0] >= 5, "the runner found too few samples: \(counts)")
        XCTAssert(failures.isEmpty, "\(failures.count) documented samples fail:\n" + failures.joined(separator: "\n"))
    }

    /// A new folder `name` in `base` with a copy of the checkout's `Examples` and `animhost` linking to the checkout.
    private static func scratch(_ base: URL, _ name: String) throws -> URL {
        let folder = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples"), to: folder.appendingPathComponent("Examples"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("animhost"), withDestinationURL: packageRoot)
        return folder
    }

    /// Saves the `file` samples of `samples` in `scratch`, as running them does.
    private static func saveFiles(of samples: [DocSample], in scratch: URL) throws {
        for sample in samples {
            guard case .file(let path) = sample.kind else { continue }
            let url = scratch.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try sample.text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A document's samples, in order, in `scratch`: what failed, and how many samples of each kind ran.
    private static func runSamples(_ samples: [DocSample], in scratch: URL) throws -> (failures: [String], counts: [String: Int]) {
        var failures: [String] = []
        var counts: [String: Int] = [:]
        var output = ""
        for sample in samples {
            let place = "\(sample.file):\(sample.line)"
            switch sample.kind {
            case .listing: continue
            case .skip: counts["skip", default: 0] += 1
            case .unsaid:
                failures.append("\(place): a ```\(sample.language) sample needs a <!-- doctest: … --> comment saying how it runs")
            case .file:
                try saveFiles(of: [sample], in: scratch)
                counts["file", default: 0] += 1
            case .compiled(let path):
                let source = (try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
                let missing = sample.paragraphsMissing(from: source)
                if !missing.isEmpty { failures.append("\(place): not in \(path), which the build compiles: \(missing.joined(separator: "\n"))") }
                counts["compiled", default: 0] += 1
            case .prints:
                if !sample.isPrinted(in: output) { failures.append("\(place): the sample before did not print this; it printed:\n\(output)") }
                counts["prints", default: 0] += 1
            case .run(let expectFailure):
                let result = try bash(sample.text, in: scratch)
                output = result.out + result.err
                if (result.code == 0) == expectFailure {
                    failures.append("\(place): exit \(result.code)\(expectFailure ? ", expected a failure" : ""):\n\(sample.text)\(output)")
                }
                counts["run", default: 0] += 1
            }
        }
        return (failures, counts)
    }

    /// README.md, the docs and the examples' READMEs, relative to the checkout.
    static func documents() -> [String] {
        let fm = FileManager.default
        let root = packageRoot
        let docs = ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let examples = ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []).map { "Examples/\($0)/README.md" }
            .filter { fm.fileExists(atPath: root.appendingPathComponent($0).path) }
        return ["README.md"] + (docs + examples).sorted()
    }

    /// Runs `script` with `bash -e -o pipefail` in `dir`, the built `animhost` first on `PATH`.
    static func bash(_ script: String, in dir: URL) throws -> CLI.Result {
        var env = CLI.environment(home: dir)
        env["PATH"] = CLI.executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let r = try runProgram("/bin/bash", ["-e", "-o", "pipefail", "-c", script], in: dir, environment: env)
        return CLI.Result(code: r.status, out: r.out, err: r.err, crashed: false, timedOut: false, seconds: 0)
    }
}
