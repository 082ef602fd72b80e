// The runtime's folding for comparisons (lowercase, no accents, spaces squeezed), kept under this name while
// small talk still imports it from here.
export { fold } from 'switchboard';
