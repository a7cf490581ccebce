/** A status code as people read it: "in-progress" → "In progress", "no_answer" → "No answer". */
export function statusText(status: string | null | undefined): string {
  const words = (status ?? '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}
