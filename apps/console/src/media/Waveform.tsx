// A file's waveform (the analysis's 200 peaks) with its cue points as markers a pointer drags
// (issue 44). The markers are also number fields beside it (SoundPanel), for the keyboard.
import { useRef, useState } from 'react';

export interface CueMark<K extends string> {
  key: K;
  /** Seconds into the file. */
  at: number;
  label: string;
  color: string;
}

interface Props<K extends string> {
  peaks: number[];
  seconds: number;
  marks: CueMark<K>[];
  label: string;
  onMove: (key: K, seconds: number) => void;
}

const HEIGHT = 100;
const milli = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function Waveform<K extends string>({ peaks, seconds, marks, label, onMove }: Props<K>) {
  const box = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<K | null>(null);
  const width = Math.max(1, peaks.length);
  const x = (at: number) => (seconds > 0 ? (at / seconds) * width : 0);
  const secondsAt = (clientX: number) => {
    const rect = box.current!.getBoundingClientRect();
    return milli(Math.min(seconds, Math.max(0, ((clientX - rect.left) / rect.width) * seconds)));
  };
  return (
    <svg
      ref={box}
      className="waveform"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      onPointerMove={(e) => dragging && onMove(dragging, secondsAt(e.clientX))}
      onPointerUp={() => setDragging(null)}
      onPointerCancel={() => setDragging(null)}
    >
      {peaks.map((peak, i) => (
        <rect key={i} className="waveform-peak" x={i + 0.1} width={0.8} y={(HEIGHT - Math.max(0.5, peak * HEIGHT)) / 2} height={Math.max(0.5, peak * HEIGHT)} />
      ))}
      {marks.map((mark) => (
        <g key={mark.key} data-cue={mark.key} className="waveform-mark" onPointerDown={(e) => (e.currentTarget.setPointerCapture?.(e.pointerId), setDragging(mark.key))}>
          <title>{mark.label}</title>
          <rect x={x(mark.at) - 2} width={4} y={0} height={HEIGHT} fill="transparent" />
          <line x1={x(mark.at)} x2={x(mark.at)} y1={0} y2={HEIGHT} stroke={mark.color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
        </g>
      ))}
    </svg>
  );
}
