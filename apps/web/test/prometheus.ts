// Reading Prometheus' text format (what GET /metrics answers) in tests: the samples of one metric.

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** Every sample of the exposition `text`. */
export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match?.[1] || !match[3]) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      if (pair[1] !== undefined && pair[2] !== undefined) labels[pair[1]] = pair[2].replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
    }
    found.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples named `name` whose labels include `labels`; undefined when there is none. */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples(text).filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}
