// Small inline icons (fonts in headless or minimal systems lack media glyphs).
const P = { width: 14, height: 14, viewBox: '0 0 14 14', 'aria-hidden': true, focusable: false } as const;
export const IconFirst = () => <svg {...P}><rect x="2" y="2" width="2" height="10" fill="currentColor" /><path d="M12 2 5 7l7 5z" fill="currentColor" /></svg>;
export const IconLast = () => <svg {...P}><rect x="10" y="2" width="2" height="10" fill="currentColor" /><path d="M2 2l7 5-7 5z" fill="currentColor" /></svg>;
export const IconBack = () => <svg {...P}><path d="M11 2 4 7l7 5z" fill="currentColor" /></svg>;
export const IconFwd = () => <svg {...P}><path d="M3 2l7 5-7 5z" fill="currentColor" /></svg>;
export const IconPlay = () => <svg {...P}><path d="M3 1.5l9 5.5-9 5.5z" fill="currentColor" /></svg>;
export const IconPause = () => <svg {...P}><rect x="3" y="2" width="3" height="10" fill="currentColor" /><rect x="8" y="2" width="3" height="10" fill="currentColor" /></svg>;
