import Foundation

extension CSSMapping {
    /// The stylesheet laying out the elements of ``table`` (`Web/nodes.css`): every page drawing a node
    /// tree with the table includes it.
    public static func stylesheet() throws -> String {
        guard let text = NodeStylesheet.text else {
            throw OutputError("the node stylesheet (nodes.css) is missing beside the executable: reinstall animhost")
        }
        return text
    }
}

/// `nodes.css`, read once per process.
private enum NodeStylesheet {
    static let text: String? = Bundle.module.url(forResource: "nodes", withExtension: "css")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
}
