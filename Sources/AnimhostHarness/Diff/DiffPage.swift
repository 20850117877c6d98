import Foundation
import AnimhostCore
import AnimhostOutput

extension DiffResult {
    /// The line of `diff.html` the result's JSON replaces.
    static let pageMarker = "<!-- animhost: the diff data -->"

    /// Read once per process.
    private static let page: String? = Bundle.module.url(forResource: "diff", withExtension: "html")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    /// The report as one self-contained page: both versions side by side, as an onion skin and as a
    /// heat map of their difference, frame by frame from the worst; the nodes that differ, and both
    /// motion curves of the one chosen on one plot.
    public func html(_ limits: RunDiff.Thresholds) throws -> String {
        guard let page = DiffResult.page, page.contains(DiffResult.pageMarker) else {
            throw DiffError("the diff report's page (diff.html) is missing beside the executable: reinstall animhost")
        }
        let data = HTMLPreviewEncoder.scriptSafe(json(limits, page: true))
        return page.replacingOccurrences(of: DiffResult.pageMarker, with: "<script type=\"application/json\" id=\"diff-data\">\n\(data)\n</script>")
    }

    /// Writes ``html(_:)`` to `url` under a temporary name, renamed into place when complete.
    public func writePage(to url: URL, _ limits: RunDiff.Thresholds) throws {
        let file = try OutputFile(url)
        do {
            try file.write(Data(try html(limits).utf8))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
