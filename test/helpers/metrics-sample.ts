/** Reads one sample out of Prometheus text: the line of `name` carrying every one of `labels`, in any order. */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split("\n")
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.split(" ").pop());
}
