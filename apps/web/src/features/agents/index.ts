/** What other features use of the agent screens. */
export { Walkthrough } from './Walkthrough.tsx';
