/** A content page's heading and introduction. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="text-lg text-slate-700">{intro}</p>
    </header>
  );
}
