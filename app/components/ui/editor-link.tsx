import { Link, type LinkProps } from "react-router";

/**
 * A link that opens the workspace's editor (docs/product.md §2), from the workspace or another page. The router
 * leaves the page's scroll alone instead of putting it at the top (`preventScrollReset`): the workspace brings the
 * editor into view itself and focuses its first field (useEditorFocusOnOpen), and nothing scrolls after that.
 */
export function EditorLink(props: Omit<LinkProps, "preventScrollReset">) {
  return <Link {...props} preventScrollReset />;
}
