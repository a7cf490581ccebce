/** What other features use of the inbox. */
export { NeedsPersonList } from './components/NeedsPersonList.tsx';
export { timeAgo } from './format.ts';
export { AnalysisCard } from './components/AnalysisCard.tsx';
