/** What other features use of the agent screens. */
export { Walkthrough } from './Walkthrough.tsx';
export { ModelStatusLine, modeLabel } from './components/ModelConnection.tsx';
