/** Palette glyphs of the complex, navigate, script and 3D widgets (30×22 icons). */
import type { ReactElement } from 'react';

const S = '#0b5cad';
const F = '#cfe3f7';
const svg = (children: ReactElement | ReactElement[]) => <svg viewBox="0 0 30 22">{children}</svg>;

const GLYPHS: Readonly<Record<string, () => ReactElement>> = {
  ComplexLine: () =>
    svg([
      <path key="a" d="M3 19h24M3 3v16" stroke="#999" fill="none" />,
      <polyline key="b" points="4,15 10,9 15,12 21,5 27,8" fill="none" stroke={S} strokeWidth="1.6" />,
    ]),
  ComplexArea: () =>
    svg([
      <path key="a" d="M3 19h24M3 3v16" stroke="#999" fill="none" />,
      <path key="b" d="M4 15l6-6 5 3 6-7 6 3v11H4z" fill={F} stroke={S} />,
    ]),
  ComplexBar: () =>
    svg([
      <path key="a" d="M3 19h24" stroke="#999" />,
      <rect key="b" x="6" y="9" width="4" height="10" fill={S} />,
      <rect key="c" x="13" y="4" width="4" height="15" fill={S} />,
      <rect key="d" x="20" y="12" width="4" height="7" fill={S} />,
    ]),
  ComplexPie: () =>
    svg([
      <circle key="a" cx="15" cy="11" r="8" fill={F} stroke={S} />,
      <path key="b" d="M15 11V3a8 8 0 0 1 8 8z" fill={S} />,
    ]),
  ComplexRing: () =>
    svg([
      <circle key="a" cx="15" cy="11" r="7" fill="none" stroke={F} strokeWidth="4" />,
      <path key="b" d="M15 4a7 7 0 0 1 7 7" fill="none" stroke={S} strokeWidth="4" />,
    ]),
  ComplexRose: () =>
    svg([
      <path key="a" d="M15 11V2a9 9 0 0 1 9 9z" fill={S} />,
      <path key="b" d="M15 11h6a6 6 0 0 1-6 6z" fill={F} stroke={S} />,
      <path key="c" d="M15 11v4a4 4 0 0 1-4-4z" fill={S} opacity="0.6" />,
    ]),
  ComplexXyline: () =>
    svg([
      <path key="a" d="M3 19h24M3 3v16" stroke="#999" fill="none" />,
      <path key="b" d="M4 18C10 17 14 12 26 4" fill="none" stroke={S} strokeWidth="1.6" />,
    ]),
  ComplexDiagram: () =>
    svg([
      <path key="a" d="M3 19h24M3 3v16" stroke="#999" fill="none" />,
      <path key="b" d="M6 15c2-8 16-10 19-6s-8 9-19 6z" fill="none" stroke={S} strokeWidth="1.5" />,
    ]),
  ComplexSection: () =>
    svg([
      <rect key="a" x="2" y="8" width="9" height="6" fill="#52c41a" />,
      <rect key="b" x="11" y="8" width="6" height="6" fill="#1890ff" />,
      <rect key="c" x="17" y="8" width="11" height="6" fill="#fa8c16" />,
    ]),
  ComplexHistory: () =>
    svg([
      <rect key="a" x="3" y="3" width="24" height="16" fill="#fff" stroke={S} />,
      <path key="b" d="M3 8h24M3 13h24M11 3v16" stroke={S} />,
    ]),
  ComplexAlarm: () =>
    svg([
      <rect key="a" x="3" y="3" width="24" height="16" fill="#fff" stroke="#cf1322" />,
      <path key="b" d="M3 8h24M3 13h24" stroke="#cf1322" />,
      <circle key="c" cx="7" cy="10.5" r="1.5" fill="#cf1322" />,
    ]),
  ComplexMap: () =>
    svg([
      <path key="a" d="M3 5l7-2 10 3 7-2v13l-7 2-10-3-7 2z" fill={F} stroke={S} />,
      <circle key="b" cx="15" cy="10" r="2.5" fill="#cf1322" />,
    ]),
  ComplexWeather: () =>
    svg([
      <circle key="a" cx="11" cy="9" r="4" fill="#fadb14" />,
      <path key="b" d="M9 18h14a4 4 0 0 0-1-8 5 5 0 0 0-9 2 3 3 0 0 0-4 6z" fill="#fff" stroke={S} />,
    ]),
  ComplexVideo: () =>
    svg([
      <rect key="a" x="3" y="4" width="24" height="14" rx="2" fill="#1f2937" />,
      <path key="b" d="M13 8l6 3-6 3z" fill="#fff" />,
    ]),
  NavigateNav: () =>
    svg([
      <rect key="a" x="2" y="7" width="26" height="8" fill="#001529" />,
      <path key="b" d="M5 11h5M13 11h5M21 11h4" stroke="#fff" />,
    ]),
  NavigateMenu: () =>
    svg([
      <rect key="a" x="7" y="2" width="16" height="18" fill="#fff" stroke={S} />,
      <path key="b" d="M10 6h10M10 11h10M10 16h10" stroke={S} />,
    ]),
  NavigateIframe: () =>
    svg([
      <rect key="a" x="3" y="3" width="24" height="16" fill="#fff" stroke={S} />,
      <path key="b" d="M3 7h24" stroke={S} />,
      <path key="c" d="M12 10l-3 3 3 3M18 10l3 3-3 3" fill="none" stroke={S} />,
    ]),
  NavigateImageText: () =>
    svg([
      <rect key="a" x="3" y="4" width="10" height="10" fill={F} stroke={S} />,
      <path key="b" d="M16 6h11M16 10h11M16 14h8M3 18h24" stroke={S} />,
    ]),
  NavigateSlide: () =>
    svg([
      <rect key="a" x="6" y="3" width="18" height="13" fill={F} stroke={S} />,
      <path key="b" d="M4 8l-2 2 2 2M26 8l2 2-2 2" fill="none" stroke={S} />,
      <circle key="c" cx="12" cy="19" r="1" fill={S} />,
      <circle key="d" cx="15" cy="19" r="1" fill="#999" />,
      <circle key="e" cx="18" cy="19" r="1" fill="#999" />,
    ]),
  ScriptReport: () =>
    svg([
      <rect key="a" x="3" y="3" width="24" height="16" fill="#fff" stroke={S} />,
      <text key="b" x="15" y="15" fontSize="9" textAnchor="middle" fill={S} fontFamily="monospace">
        {'{}'}
      </text>,
    ]),
  ScriptTrend: () =>
    svg([
      <polyline key="a" points="3,17 9,10 14,13 20,5" fill="none" stroke={S} strokeWidth="1.5" />,
      <text key="b" x="25" y="19" fontSize="8" textAnchor="middle" fill={S} fontFamily="monospace">
        js
      </text>,
    ]),
  ScriptBar: () =>
    svg([
      <rect key="a" x="4" y="10" width="4" height="9" fill={S} />,
      <rect key="b" x="10" y="5" width="4" height="14" fill={S} />,
      <text key="c" x="23" y="19" fontSize="8" textAnchor="middle" fill={S} fontFamily="monospace">
        js
      </text>,
    ]),
  ScriptPie: () =>
    svg([
      <circle key="a" cx="11" cy="11" r="7" fill={F} stroke={S} />,
      <path key="b" d="M11 11V4a7 7 0 0 1 7 7z" fill={S} />,
      <text key="c" x="25" y="19" fontSize="8" textAnchor="middle" fill={S} fontFamily="monospace">
        js
      </text>,
    ]),
  UsualWebgl: () =>
    svg([
      <path key="a" d="M15 2l9 5v9l-9 5-9-5V7z" fill={F} stroke={S} />,
      <path key="b" d="M6 7l9 5 9-5M15 12v9" fill="none" stroke={S} />,
    ]),
};

/** The glyph of a complex, navigate, script or 3D widget type; null for other types. */
export function complexGlyph(type: string): ReactElement | null {
  return GLYPHS[type]?.() ?? null;
}
