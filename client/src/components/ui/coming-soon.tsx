/** A screen that a later release builds: it says so inside the layout instead of a blank page. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="panel coming-soon">
        <p>
          <strong>Coming soon.</strong> This screen is part of a later release.
        </p>
      </div>
    </section>
  );
}
