import Foundation
import XCTest
import AnimhostTestSupport

/// Every sample in README.md, docs/*.md and Examples/*/README.md runs as written, in that order, in one
/// scratch folder (so README's `Plugins/fade.lua` is there for docs/testing.md's spec) where the built
/// `animhost` is on `PATH`, `Examples` is a copy of the checkout's and `animhost` links to the checkout
/// (docs/editor.md copies its editor files from there).
final class DocSampleTests: XCTestCase {
    func testEverySampleInTheDocumentationRunsAsWritten() throws {
        var failures: [String] = []
        var counts: [String: Int] = [:]
        let scratch = try temporaryFolder("doc")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples"), to: scratch.appendingPathComponent("Examples"))
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("animhost"), withDestinationURL: packageRoot)
        for document in Self.documents() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            try runSamples(DocSample.parse(text, file: document), in: scratch, failures: &failures, counts: &counts)
        }
        XCTAssert(counts["run", default: 0] >= 10 && counts["file", default: 0] >= 5, "the runner found too few samples: \(counts)")
        XCTAssert(failures.isEmpty, "\(failures.count) documented samples fail:\n" + failures.joined(separator: "\n"))
    }

    /// A document's samples, in order, in `scratch`.
    private func runSamples(_ samples: [DocSample], in scratch: URL, failures: inout [String], counts: inout [String: Int]) throws {
        var output = ""
        for sample in samples {
            let place = "\(sample.file):\(sample.line)"
            switch sample.kind {
            case .listing: continue
            case .skip: counts["skip", default: 0] += 1
            case .unsaid:
                failures.append("\(place): a ```\(sample.language) sample needs a <!-- doctest: … --> comment saying how it runs")
            case .file(let path):
                let url = scratch.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try sample.text.write(to: url, atomically: true, encoding: .utf8)
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
                let result = try Self.bash(sample.text, in: scratch)
                output = result.out + result.err
                if (result.code == 0) == expectFailure {
                    failures.append("\(place): exit \(result.code)\(expectFailure ? ", expected a failure" : ""):\n\(sample.text)\(output)")
                }
                counts["run", default: 0] += 1
            }
        }
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
