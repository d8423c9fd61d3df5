/**
 * Drawn illustrations of the landing page: the hero's dashboard and the seven gallery slides.
 * Shapes only (grey bars stand for text), so they need no translation and load nothing.
 */
import { useId, type ReactNode } from 'react';

const C = {
  blue: '#2f4bd8',
  navy: '#1d2b6b',
  amber: '#ffb547',
  teal: '#14b8a6',
  coral: '#ff6b6b',
  violet: '#8b5cf6',
  sky: '#38bdf8',
  line: '#dde3f0',
  bar: '#cfd6e8',
  soft: '#f3f5fb',
  white: '#ffffff',
};

/** A placeholder line of text. */
const Text = ({ x, y, w, h = 7, fill = C.bar }: { x: number; y: number; w: number; h?: number; fill?: string }) => (
  <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} />
);

const Card = ({ x, y, w, h, children, fill = C.white }: { x: number; y: number; w: number; h: number; children?: ReactNode; fill?: string }) => (
  <g>
    <rect x={x} y={y + 2} width={w} height={h} rx="10" fill="#0f1a4a" opacity=".06" />
    <rect x={x} y={y} width={w} height={h} rx="10" fill={fill} stroke={C.line} />
    {children}
  </g>
);

function Window({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  return (
    <g>
      <rect x="0" y="0" width={width} height={height} rx="14" fill={C.white} />
      <path d={`M0 14a14 14 0 0 1 14-14h${width - 28}a14 14 0 0 1 14 14v18H0z`} fill="#e9edf7" />
      <circle cx="18" cy="16" r="4" fill={C.coral} />
      <circle cx="32" cy="16" r="4" fill={C.amber} />
      <circle cx="46" cy="16" r="4" fill={C.teal} />
      <rect x={width / 2 - 90} y="9" width="180" height="14" rx="7" fill={C.white} />
      {children}
    </g>
  );
}

/** An id usable in `url(#...)` (React's ids carry characters that need escaping there). */
const useSvgId = (name: string) => `${name}-${useId().replace(/[^\w-]/g, '')}`;

/** The hero: the member area's dashboard with figures, a chart and the channel split. */
export function HeroVisual({ label }: { label: string }) {
  const area = useSvgId('hero-area');
  return (
    <svg className="illustration" viewBox="0 0 560 400" role="img" aria-label={label}>
      <defs>
        <linearGradient id={area} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor={C.blue} stopOpacity=".28" />
          <stop offset="1" stopColor={C.blue} stopOpacity="0" />
        </linearGradient>
      </defs>
      <Window width={560} height={400}>
        <rect x="0" y="32" width="104" height="368" fill={C.navy} />
        <path d="M0 386a14 14 0 0 0 14 14h90v-14z" fill={C.navy} />
        <rect x="18" y="50" width="22" height="22" rx="6" fill={C.blue} />
        <Text x={46} y={58} w={40} fill="#5b6bb0" />
        {[96, 124, 152, 180, 208].map((y, i) => (
          <g key={y}>
            <rect x="10" y={y - 8} width="84" height="24" rx="6" fill={i === 0 ? '#2a3a86' : 'none'} />
            <rect x="20" y={y - 1} width="10" height="10" rx="3" fill={i === 0 ? C.amber : '#5b6bb0'} />
            <Text x={38} y={y + 1} w={i === 0 ? 44 : 36 + (i % 2) * 10} h={6} fill={i === 0 ? '#c7d0ff' : '#4a5a9e'} />
          </g>
        ))}
        {[
          { value: '128k', color: C.blue, delta: '+18%' },
          { value: '3412', color: C.teal, delta: '+9%' },
          { value: '642', color: C.violet, delta: '+24%' },
          { value: '980 €', color: C.amber, delta: '−6%' },
        ].map((kpi, i) => (
          <Card key={kpi.value} x={120 + i * 108} y={48} w={98} h={68}>
            <rect x={132 + i * 108} y={60} width="8" height="8" rx="2" fill={kpi.color} />
            <Text x={146 + i * 108} y={61} w={40} h={6} />
            <text x={132 + i * 108} y={96} fontSize="19" fontWeight="700" fill="#1a1f36" fontFamily="system-ui, sans-serif">{kpi.value}</text>
            <text x={132 + i * 108} y={109} fontSize="9" fontWeight="600" fill={kpi.delta.startsWith('+') ? '#14966b' : '#d9485f'} fontFamily="system-ui, sans-serif">{kpi.delta}</text>
          </Card>
        ))}
        <Card x={120} y={130} w={422} h={150}>
          <Text x={136} y={144} w={90} />
          <Text x={470} y={144} w={56} fill={C.soft} />
          {[176, 206, 236, 266].map((y) => <line key={y} x1="136" x2="526" y1={y} y2={y} stroke={C.soft} />)}
          <path d="M136 250 C170 240 190 214 222 220 S270 246 300 214 S350 178 382 190 S440 160 470 168 S510 150 526 146 V266 H136 Z" fill={`url(#${area})`} />
          <path d="M136 250 C170 240 190 214 222 220 S270 246 300 214 S350 178 382 190 S440 160 470 168 S510 150 526 146" fill="none" stroke={C.blue} strokeWidth="3" strokeLinecap="round" />
          <path d="M136 258 C176 254 200 244 236 246 S290 236 320 232 S380 222 410 214 S480 206 526 196" fill="none" stroke={C.teal} strokeWidth="2.5" strokeDasharray="1 0" strokeLinecap="round" opacity=".85" />
          <circle cx="470" cy="168" r="5" fill={C.white} stroke={C.blue} strokeWidth="3" />
        </Card>
        <Card x={120} y={294} w={260} h={92}>
          {[
            { color: '#1877f2', w: 150 },
            { color: '#0b6fb8', w: 110 },
            { color: '#4285f4', w: 72 },
          ].map((row, i) => (
            <g key={row.color}>
              <circle cx="140" cy={316 + i * 24} r="6" fill={row.color} />
              <Text x={154} y={313 + i * 24} w={48} h={6} />
              <rect x="212" y={313 + i * 24} width="152" height="6" rx="3" fill={C.soft} />
              <rect x="212" y={313 + i * 24} width={row.w} height="6" rx="3" fill={row.color} />
            </g>
          ))}
        </Card>
        <Card x={392} y={294} w={150} h={92}>
          <circle cx="432" cy="340" r="26" fill="none" stroke={C.soft} strokeWidth="10" />
          <circle cx="432" cy="340" r="26" fill="none" stroke={C.blue} strokeWidth="10" strokeDasharray="92 164" transform="rotate(-90 432 340)" />
          <circle cx="432" cy="340" r="26" fill="none" stroke={C.amber} strokeWidth="10" strokeDasharray="40 164" strokeDashoffset="-92" transform="rotate(-90 432 340)" />
          <circle cx="432" cy="340" r="26" fill="none" stroke={C.teal} strokeWidth="10" strokeDasharray="32 164" strokeDashoffset="-132" transform="rotate(-90 432 340)" />
          <Text x={470} y={318} w={56} h={6} />
          <Text x={470} y={334} w={44} h={6} />
          <Text x={470} y={350} w={50} h={6} />
        </Card>
      </Window>
    </svg>
  );
}

/** The banner generator: logo, image and slogan become banners in several sizes. */
export function GeneratorVisual({ x, y }: { x?: number; y?: number }) {
  const gradient = useSvgId('generator');
  const nested = x !== undefined;
  return (
    <svg className={nested ? undefined : 'illustration'} x={x} y={y} width={nested ? 520 : undefined} height={nested ? 380 : undefined} viewBox="0 0 520 380" aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor={C.blue} />
          <stop offset="1" stopColor={C.violet} />
        </linearGradient>
      </defs>
      <Card x={10} y={40} w={170} h={300}>
        <rect x="28" y="58" width="44" height="44" rx="10" fill={C.amber} />
        <path d="M40 88 50 70l10 18z" fill={C.white} />
        <Text x={84} y={66} w={70} />
        <Text x={84} y={82} w={50} fill={C.soft} />
        <rect x="28" y="118" width="134" height="86" rx="8" fill={C.soft} />
        <circle cx="66" cy="150" r="14" fill="#c7d2fe" />
        <path d="m28 196 40-30 30 22 22-14 42 26v4H28z" fill="#a5b4fc" />
        <Text x={28} y={220} w={118} />
        <Text x={28} y={236} w={90} fill={C.soft} />
        <rect x="28" y="258" width="134" height="30" rx="8" fill={C.soft} stroke={C.line} />
        <Text x={40} y={270} w={80} h={6} />
        <rect x="28" y="298" width="134" height="28" rx="8" fill={C.blue} />
        <Text x={64} y={309} w={62} h={6} fill="#c7d0ff" />
      </Card>
      <path d="M196 190h40" stroke={C.blue} strokeWidth="3" strokeLinecap="round" strokeDasharray="2 8" />
      <path d="m232 180 12 10-12 10" fill="none" stroke={C.blue} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <g>
        <rect x="262" y="20" width="248" height="40" rx="6" fill={`url(#${gradient})`} />
        <rect x="272" y="30" width="20" height="20" rx="5" fill={C.amber} />
        <Text x={300} y={33} w={110} h={6} fill="#e0e7ff" />
        <Text x={300} y={45} w={70} h={5} fill="#a5b4fc" />
        <rect x="446" y="30" width="54" height="20" rx="10" fill={C.white} />
      </g>
      <g>
        <rect x="262" y="78" width="150" height="125" rx="8" fill={`url(#${gradient})`} />
        <rect x="274" y="90" width="22" height="22" rx="5" fill={C.amber} />
        <circle cx="372" cy="118" r="24" fill="#6d7ff0" />
        <path d="M350 140c6-16 38-16 44 0z" fill="#a5b4fc" />
        <Text x={274} y={156} w={100} h={8} fill={C.white} />
        <Text x={274} y={170} w={70} h={6} fill="#c7d0ff" />
        <rect x="274" y="182" width="56" height="14" rx="7" fill={C.amber} />
      </g>
      <g>
        <rect x="428" y="78" width="82" height="282" rx="8" fill={C.navy} />
        <rect x="440" y="92" width="22" height="22" rx="5" fill={C.amber} />
        <circle cx="469" cy="168" r="26" fill="#33469c" />
        <path d="M445 196c8-20 40-20 48 0z" fill="#5b6bb0" />
        <Text x={440} y={222} w={58} h={8} fill={C.white} />
        <Text x={440} y={238} w={46} h={6} fill="#8190d6" />
        <Text x={440} y={250} w={52} h={6} fill="#8190d6" />
        <rect x="440" y="322" width="58" height="22" rx="11" fill={C.amber} />
      </g>
      <g>
        <rect x="262" y="220" width="150" height="140" rx="8" fill={C.white} stroke={C.line} />
        <rect x="262" y="220" width="150" height="76" rx="8" fill="#ffe7bf" />
        <rect x="262" y="280" width="150" height="16" fill="#ffe7bf" />
        <circle cx="336" cy="258" r="22" fill={C.amber} />
        <rect x="274" y="232" width="18" height="18" rx="5" fill={C.blue} />
        <Text x={274} y={308} w={110} h={8} fill="#1a1f36" />
        <Text x={274} y={322} w={84} h={6} />
        <rect x="274" y="336" width="60" height="14" rx="7" fill={C.blue} />
      </g>
      <g transform="translate(236 292)">
        <circle r="16" fill={C.amber} />
        <path d="M0-8v16M-8 0h16M-5.5-5.5l11 11M-5.5 5.5l11-11" stroke={C.white} strokeWidth="2" strokeLinecap="round" />
      </g>
    </svg>
  );
}

function SlideFrame({ tint, children }: { tint: string; children: ReactNode }) {
  return (
    <svg className="illustration" viewBox="0 0 640 400" aria-hidden="true">
      <rect width="640" height="400" rx="16" fill={tint} />
      <circle cx="590" cy="40" r="110" fill={C.white} opacity=".35" />
      <circle cx="40" cy="380" r="90" fill={C.white} opacity=".3" />
      {children}
    </svg>
  );
}

const WizardSlide = () => (
  <SlideFrame tint="#e8ecff">
    {[0, 1, 2, 3].map((step) => (
      <g key={step}>
        {step < 3 && <rect x={150 + step * 120} y="62" width="100" height="4" rx="2" fill={step < 2 ? C.blue : C.line} />}
        <circle cx={140 + step * 120} cy="64" r="18" fill={step < 2 ? C.blue : step === 2 ? C.white : C.soft} stroke={step === 2 ? C.blue : step < 2 ? C.blue : C.line} strokeWidth="3" />
        {step < 2
          ? <path d={`M${131 + step * 120} 64l6 6 11-12`} fill="none" stroke={C.white} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          : <text x={140 + step * 120} y="70" textAnchor="middle" fontSize="16" fontWeight="700" fill={step === 2 ? C.blue : '#8a93ad'} fontFamily="system-ui, sans-serif">{step + 1}</text>}
        <Text x={112 + step * 120} y={96} w={56} h={6} fill={step <= 2 ? '#9fb0f0' : C.bar} />
      </g>
    ))}
    <Card x={110} y={126} w={420} h={236}>
      <Text x={134} y={150} w={150} h={10} fill="#1a1f36" />
      {[0, 1].map((row) => (
        <g key={row}>
          <Text x={134} y={182 + row * 64} w={70} h={6} />
          <rect x="134" y={194 + row * 64} width="176" height="30" rx="7" fill={C.soft} stroke={C.line} />
          <Text x={334} y={182 + row * 64} w={60} h={6} />
          <rect x="334" y={194 + row * 64} width="172" height="30" rx="7" fill={C.soft} stroke={row === 0 ? C.blue : C.line} strokeWidth={row === 0 ? 2 : 1} />
          <Text x={146} y={206 + row * 64} w={row ? 90 : 120} h={6} fill="#8a93ad" />
          <Text x={346} y={206 + row * 64} w={row ? 70 : 60} h={6} fill="#8a93ad" />
        </g>
      ))}
      <rect x="134" y="316" width="92" height="30" rx="15" fill={C.white} stroke={C.line} />
      <rect x="402" y="316" width="104" height="30" rx="15" fill={C.blue} />
      <Text x={426} y={328} w={56} h={6} fill="#c7d0ff" />
    </Card>
  </SlideFrame>
);

const ChannelsSlide = () => {
  const tiles = ['#0b6fb8', '#1877f2', '#e4405f', '#f26e21', '#4285f4', '#00a19a', '#ff2d55', '#7c3aed'];
  return (
    <SlideFrame tint="#e6f7f4">
      {tiles.map((color, i) => {
        const x = 76 + (i % 4) * 126;
        const y = 44 + Math.floor(i / 4) * 128;
        const chosen = [0, 1, 2, 4, 6].includes(i);
        return (
          <Card key={color} x={x} y={y} w={110} h={110}>
            {chosen && <rect x={x} y={y} width="110" height="110" rx="10" fill="none" stroke={C.teal} strokeWidth="3" />}
            <rect x={x + 32} y={y + 20} width="46" height="46" rx="12" fill={color} />
            <Text x={x + 25} y={y + 80} w={60} h={7} />
            {chosen && (
              <g>
                <circle cx={x + 96} cy={y + 14} r="11" fill={C.teal} />
                <path d={`M${x + 91} ${y + 14}l3.5 3.5 6-7`} fill="none" stroke={C.white} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
              </g>
            )}
          </Card>
        );
      })}
      <Card x={76} y={314} w={488} h={56}>
        {[{ w: 150, c: '#0b6fb8' }, { w: 96, c: '#1877f2' }, { w: 84, c: '#e4405f' }, { w: 70, c: '#4285f4' }, { w: 56, c: '#ff2d55' }].reduce<{ x: number; nodes: ReactNode[] }>(
          (acc, part) => ({
            x: acc.x + part.w,
            nodes: [...acc.nodes, <rect key={part.c} x={acc.x} y="336" width={part.w - 3} height="14" rx="4" fill={part.c} />],
          }),
          { x: 96, nodes: [] },
        ).nodes}
      </Card>
    </SlideFrame>
  );
};

const TargetingSlide = () => (
  <SlideFrame tint="#fff3e0">
    <Card x={50} y={44} w={300} h={312}>
      <path d="M120 96c30-22 80-26 110-8s60 10 74 40-8 70 8 100-36 78-86 82-70-30-100-40-56-34-44-80 8-72 38-94z" fill="#ffe1b0" stroke="#f5c77a" strokeWidth="2" />
      {[[170, 150], [236, 196], [150, 250], [262, 280]].map(([x, y], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r={i === 1 ? 34 : 22} fill={C.coral} opacity=".16" />
          <path d={`M${x} ${y + 14}c-10-12-14-18-14-24a14 14 0 0 1 28 0c0 6-4 12-14 24z`} fill={C.coral} />
          <circle cx={x} cy={y - 10} r="5" fill={C.white} />
        </g>
      ))}
    </Card>
    <Card x={372} y={44} w={218} h={150}>
      <Text x={392} y={66} w={90} h={8} fill="#1a1f36" />
      {[38, 64, 92, 76, 48, 30].map((h, i) => (
        <rect key={i} x={394 + i * 31} y={178 - h} width="20" height={h} rx="4" fill={i > 0 && i < 4 ? C.amber : '#ffe1b0'} />
      ))}
    </Card>
    <Card x={372} y={208} w={218} h={148}>
      <Text x={392} y={230} w={80} h={8} fill="#1a1f36" />
      {[0, 1, 2].map((row) => (
        <g key={row}>
          <Text x={392} y={254 + row * 30} w={50} h={6} />
          <rect x="456" y={254 + row * 30} width="114" height="6" rx="3" fill={C.soft} />
          <rect x="456" y={254 + row * 30} width={[86, 54, 100][row]} height="6" rx="3" fill={C.amber} />
          <circle cx={456 + [86, 54, 100][row]} cy={257 + row * 30} r="7" fill={C.white} stroke={C.amber} strokeWidth="3" />
        </g>
      ))}
    </Card>
  </SlideFrame>
);

const GeneratorSlide = () => (
  <SlideFrame tint="#f1ebff">
    <GeneratorVisual x={60} y={10} />
  </SlideFrame>
);

const DashboardSlide = () => (
  <SlideFrame tint="#e8ecff">
    <Card x={50} y={40} w={540} h={320}>
      <Text x={74} y={64} w={140} h={10} fill="#1a1f36" />
      <rect x="470" y="56" width="96" height="26" rx="13" fill={C.blue} />
      <Text x={490} y={66} w={56} h={6} fill="#c7d0ff" />
      {[0, 1, 2, 3, 4].map((row) => {
        const y = 104 + row * 48;
        const status = [C.teal, C.teal, C.amber, C.teal, '#c3cada'][row];
        const progress = [0.72, 0.4, 0.9, 0.18, 1][row];
        return (
          <g key={row}>
            <line x1="74" x2="566" y1={y - 10} y2={y - 10} stroke={C.soft} />
            <circle cx="84" cy={y + 10} r="6" fill={status} />
            <Text x={100} y={y + 2} w={[130, 110, 150, 96, 120][row]} h={7} fill="#5b6478" />
            <Text x={100} y={y + 16} w={70} h={5} />
            {['#1877f2', '#0b6fb8', '#4285f4'].slice(0, 1 + (row % 3)).map((color, i) => (
              <circle key={color} cx={290 + i * 16} cy={y + 10} r="7" fill={color} stroke={C.white} strokeWidth="2" />
            ))}
            <rect x="380" y={y + 7} width="120" height="7" rx="3.5" fill={C.soft} />
            <rect x="380" y={y + 7} width={120 * progress} height="7" rx="3.5" fill={progress > 0.85 ? C.coral : progress > 0.6 ? C.amber : C.teal} />
            <Text x={520} y={y + 7} w={40} h={7} fill="#8a93ad" />
          </g>
        );
      })}
    </Card>
  </SlideFrame>
);

const ReportSlide = () => (
  <SlideFrame tint="#e6f4fb">
    <Card x={50} y={40} w={540} h={320}>
      <Text x={74} y={64} w={160} h={10} fill="#1a1f36" />
      {[C.blue, C.teal, C.amber].map((color, i) => (
        <g key={color}>
          <rect x={380 + i * 66} y="62" width="12" height="12" rx="3" fill={color} />
          <Text x={398 + i * 66} y={65} w={38} h={6} />
        </g>
      ))}
      {[110, 160, 210, 260].map((y) => <line key={y} x1="74" x2="566" y1={y} y2={y} stroke={C.soft} />)}
      {Array.from({ length: 14 }, (_, i) => (
        <rect key={i} x={82 + i * 35} y={310 - [40, 52, 46, 60, 72, 66, 58, 80, 92, 86, 98, 110, 104, 120][i]} width="18"
          height={[40, 52, 46, 60, 72, 66, 58, 80, 92, 86, 98, 110, 104, 120][i]} rx="4" fill="#cfe6fb" />
      ))}
      <path d="M91 250 L126 236 L161 242 L196 220 L231 206 L266 214 L301 196 L336 170 L371 176 L406 150 L441 140 L476 126 L511 132 L546 110" fill="none" stroke={C.blue} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <path d="M91 280 L126 276 L161 270 L196 266 L231 252 L266 256 L301 240 L336 236 L371 226 L406 220 L441 206 L476 200 L511 190 L546 180" fill="none" stroke={C.teal} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <path d="M91 300 L161 296 L231 290 L301 286 L371 276 L441 270 L511 262 L546 258" fill="none" stroke={C.amber} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <line x1="74" x2="566" y1="310" y2="310" stroke={C.line} />
      {Array.from({ length: 7 }, (_, i) => <Text key={i} x={84 + i * 70} y={324} w={30} h={5} />)}
    </Card>
  </SlideFrame>
);

const MobileSlide = () => (
  <SlideFrame tint="#ffeef0">
    <g>
      <rect x="120" y="70" width="300" height="230" rx="14" fill={C.navy} />
      <rect x="132" y="82" width="276" height="206" rx="6" fill={C.white} />
      <rect x="132" y="82" width="276" height="26" rx="6" fill="#e9edf7" />
      {[0, 1, 2].map((i) => (
        <Card key={i} x={144 + i * 88} y={118} w={78} h={48}>
          <Text x={154 + i * 88} y={130} w={40} h={5} />
          <Text x={154 + i * 88} y={144} w={50} h={10} fill={[C.blue, C.teal, C.violet][i]} />
        </Card>
      ))}
      <path d="M148 262 C180 250 200 236 230 240 S280 210 310 214 S370 190 396 184" fill="none" stroke={C.blue} strokeWidth="3" strokeLinecap="round" />
      <path d="M90 300h360l-18 18H108z" fill="#c3cada" />
    </g>
    <g>
      <rect x="392" y="120" width="132" height="250" rx="20" fill="#1a1f36" />
      <rect x="400" y="132" width="116" height="226" rx="12" fill={C.white} />
      <rect x="440" y="138" width="36" height="6" rx="3" fill="#1a1f36" />
      <Text x={412} y={158} w={60} h={8} fill="#1a1f36" />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="412" y={176 + i * 50} width="92" height="40" rx="8" fill={C.soft} />
          <circle cx="426" cy={196 + i * 50} r="6" fill={[C.teal, C.amber, C.teal][i]} />
          <Text x={438} y={188 + i * 50} w={52} h={6} fill="#5b6478" />
          <rect x="438" y={200 + i * 50} width="56" height="5" rx="2.5" fill={C.white} />
          <rect x="438" y={200 + i * 50} width={[40, 20, 50][i]} height="5" rx="2.5" fill={C.blue} />
        </g>
      ))}
      <rect x="412" y="330" width="92" height="20" rx="10" fill={C.blue} />
    </g>
  </SlideFrame>
);

/** The gallery's seven slides; message keys are `landing.gallery.<name>.title` / `.text`. */
export const SLIDES = [
  { name: 'wizard', Visual: WizardSlide },
  { name: 'channels', Visual: ChannelsSlide },
  { name: 'targeting', Visual: TargetingSlide },
  { name: 'generator', Visual: GeneratorSlide },
  { name: 'dashboard', Visual: DashboardSlide },
  { name: 'report', Visual: ReportSlide },
  { name: 'mobile', Visual: MobileSlide },
] as const;
