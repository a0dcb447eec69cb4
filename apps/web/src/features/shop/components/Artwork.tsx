import { useId } from 'react';

/** The shop's own illustrations (inline SVG): the back of a phone per brand card, and the hero and promo art. */

export type CameraLayout = 'square-three' | 'vertical-three' | 'round' | 'pill' | 'square-four';

interface PhoneBackProps {
  body: string;
  edge: string;
  camera: CameraLayout;
  className?: string;
}

function Lens({ cx, cy, r = 5 }: { cx: number; cy: number; r?: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r + 1.5} fill="#0b1220" />
      <circle cx={cx} cy={cy} r={r} fill="#1e293b" />
      <circle cx={cx - r / 3} cy={cy - r / 3} r={r / 3} fill="#64748b" />
    </g>
  );
}

function Camera({ layout }: { layout: CameraLayout }) {
  switch (layout) {
    case 'square-three':
      return (
        <g>
          <rect x="14" y="14" width="34" height="34" rx="9" fill="#00000033" />
          <Lens cx={24} cy={24} />
          <Lens cx={24} cy={39} />
          <Lens cx={39} cy={31} />
        </g>
      );
    case 'vertical-three':
      return (
        <g>
          <Lens cx={22} cy={20} />
          <Lens cx={22} cy={35} />
          <Lens cx={22} cy={50} />
        </g>
      );
    case 'round':
      return (
        <g>
          <circle cx="50" cy="30" r="16" fill="#00000033" />
          <Lens cx={44} cy={26} r={4} />
          <Lens cx={56} cy={26} r={4} />
          <Lens cx={50} cy={37} r={4} />
        </g>
      );
    case 'pill':
      return (
        <g>
          <rect x="14" y="12" width="20" height="40" rx="10" fill="#00000033" />
          <Lens cx={24} cy={23} />
          <Lens cx={24} cy={41} />
        </g>
      );
    case 'square-four':
      return (
        <g>
          <rect x="12" y="12" width="38" height="38" rx="8" fill="#00000033" />
          <Lens cx={23} cy={23} r={4.5} />
          <Lens cx={39} cy={23} r={4.5} />
          <Lens cx={23} cy={39} r={4.5} />
          <circle cx="39" cy="39" r="3" fill="#fef3c7" />
        </g>
      );
  }
}

/** The back of a phone with its camera island, in a brand's finish. */
export function PhoneBack({ body, edge, camera, className = 'h-36 w-auto' }: PhoneBackProps) {
  const sheen = `sheen${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg viewBox="0 0 100 180" aria-hidden="true" focusable="false" className={className}>
      <rect x="2" y="2" width="96" height="176" rx="16" fill={edge} />
      <rect x="5" y="5" width="90" height="170" rx="14" fill={body} />
      <rect x="5" y="5" width="90" height="170" rx="14" fill={`url(#${sheen})`} />
      <defs>
        <linearGradient id={sheen} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.25" />
          <stop offset="0.5" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="1" stopColor="#000000" stopOpacity="0.12" />
        </linearGradient>
      </defs>
      <Camera layout={camera} />
    </svg>
  );
}

/** Three phones fanned out: the 'Buy Phones' slide. */
export function PhonesArt() {
  return (
    <svg viewBox="0 0 260 220" aria-hidden="true" focusable="false" className="h-64 w-auto">
      <g transform="rotate(-12 70 120)">
        <rect x="30" y="30" width="90" height="170" rx="16" fill="#0f172a" />
        <rect x="36" y="38" width="78" height="154" rx="11" fill="#38bdf8" />
      </g>
      <g transform="rotate(12 190 120)">
        <rect x="140" y="30" width="90" height="170" rx="16" fill="#0f172a" />
        <rect x="146" y="38" width="78" height="154" rx="11" fill="#a78bfa" />
      </g>
      <rect x="85" y="15" width="90" height="190" rx="18" fill="#020617" />
      <rect x="91" y="23" width="78" height="174" rx="12" fill="#f8fafc" />
      <rect x="99" y="40" width="62" height="62" rx="10" fill="#0ea5e9" />
      <rect x="99" y="112" width="62" height="8" rx="4" fill="#cbd5e1" />
      <rect x="99" y="126" width="40" height="8" rx="4" fill="#cbd5e1" />
      <rect x="99" y="160" width="62" height="20" rx="10" fill="#0962a8" />
      <rect x="118" y="28" width="24" height="6" rx="3" fill="#020617" />
    </svg>
  );
}

/** A phone with a screwdriver and a spanner: the repair slide and the repair promo. */
export function RepairArt({ className = 'h-64 w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 220" aria-hidden="true" focusable="false" className={className}>
      <rect x="70" y="15" width="100" height="190" rx="18" fill="#020617" />
      <rect x="77" y="23" width="86" height="174" rx="12" fill="#e2e8f0" />
      <path
        d="M95 60l25 30-12 18 30 40"
        fill="none"
        stroke="#94a3b8"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M120 90l22-14" fill="none" stroke="#94a3b8" strokeWidth="3" strokeLinecap="round" />
      <g transform="rotate(40 60 150)">
        <rect x="52" y="80" width="16" height="60" rx="6" fill="#f59e0b" />
        <rect x="57" y="140" width="6" height="50" rx="2" fill="#cbd5e1" />
      </g>
      <g transform="rotate(-35 190 140)">
        <rect x="183" y="95" width="14" height="90" rx="7" fill="#94a3b8" />
        <circle cx="190" cy="92" r="16" fill="#94a3b8" />
        <rect x="184" y="74" width="12" height="20" fill="#0962a8" />
      </g>
    </svg>
  );
}

/** A ringing handset: the 'Call Us Today' slide. */
export function CallArt() {
  return (
    <svg viewBox="0 0 220 220" aria-hidden="true" focusable="false" className="h-60 w-auto">
      <circle cx="110" cy="110" r="100" fill="#ffffff22" />
      <circle cx="110" cy="110" r="72" fill="#ffffff33" />
      <path
        d="M150 132v16a9 9 0 0 1-10 9 90 90 0 0 1-39-14 88 88 0 0 1-27-27 90 90 0 0 1-14-39 9 9 0 0 1 9-10h16a9 9 0 0 1 9 8c1 4 2 8 3 12a9 9 0 0 1-2 10l-6 6a72 72 0 0 0 27 27l6-6a9 9 0 0 1 10-2c4 1 8 2 12 3a9 9 0 0 1 8 9z"
        fill="#ffffff"
      />
      <path
        d="M128 70a30 30 0 0 1 22 22M128 50a50 50 0 0 1 42 42"
        fill="none"
        stroke="#ffffff"
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
}
