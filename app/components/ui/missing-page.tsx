import { Link } from "react-router";

/** The page body for something missing or not the user's: a heading, a sentence and the way back. */
export function MissingPage({
  title,
  text,
  backHref,
  backLabel,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <main id="main" className="page page-narrow center-text">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to={backHref} className="button button-primary">
          {backLabel}
        </Link>
      </p>
    </main>
  );
}
