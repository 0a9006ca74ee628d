/**
 * Reference data the catalogue generator draws from: real tyre sizes by segment with their share of the
 * Australian market, brands and patterns, wheel ranges, and Australian-market vehicles with their fitments.
 */

export type TyreCategory = 'Passenger' | 'Performance' | 'SUV' | '4WD' | 'Light Truck' | 'Commercial';

export interface SizeShare {
  readonly size: string;
  readonly weight: number;
}

/** Common sizes per segment, weighted by how often they sell. */
export const TYRE_SIZES: Record<TyreCategory, readonly SizeShare[]> = {
  Passenger: [
    { size: '205/55R16', weight: 10 },
    { size: '215/60R16', weight: 8 },
    { size: '195/65R15', weight: 8 },
    { size: '205/65R15', weight: 5 },
    { size: '185/65R15', weight: 5 },
    { size: '175/65R14', weight: 4 },
    { size: '195/60R15', weight: 4 },
    { size: '205/60R16', weight: 6 },
    { size: '215/55R17', weight: 6 },
    { size: '225/50R17', weight: 5 },
    { size: '215/45R17', weight: 5 },
    { size: '225/45R17', weight: 7 },
    { size: '185/60R15', weight: 3 },
    { size: '165/65R14', weight: 2 },
    { size: '195/55R16', weight: 3 },
  ],
  Performance: [
    { size: '225/40R18', weight: 7 },
    { size: '235/45R18', weight: 6 },
    { size: '245/40R18', weight: 6 },
    { size: '245/40R19', weight: 5 },
    { size: '235/40R19', weight: 4 },
    { size: '255/35R19', weight: 4 },
    { size: '245/45R18', weight: 5 },
    { size: '275/35R20', weight: 3 },
    { size: '255/35R20', weight: 3 },
    { size: '225/45R17', weight: 5 },
    { size: '245/35R20', weight: 3 },
    { size: '285/30R20', weight: 2 },
  ],
  SUV: [
    { size: '225/65R17', weight: 8 },
    { size: '235/60R18', weight: 7 },
    { size: '235/55R19', weight: 5 },
    { size: '255/55R18', weight: 4 },
    { size: '225/60R18', weight: 6 },
    { size: '235/65R17', weight: 6 },
    { size: '255/60R18', weight: 4 },
    { size: '265/50R20', weight: 3 },
    { size: '215/65R16', weight: 5 },
    { size: '225/55R19', weight: 4 },
    { size: '255/45R20', weight: 3 },
  ],
  '4WD': [
    { size: '265/65R17', weight: 10 },
    { size: '265/70R16', weight: 8 },
    { size: '265/60R18', weight: 8 },
    { size: '285/70R17', weight: 6 },
    { size: '245/70R16', weight: 5 },
    { size: '255/70R16', weight: 4 },
    { size: '275/65R18', weight: 5 },
    { size: '265/70R17', weight: 5 },
    { size: '285/60R20', weight: 3 },
    { size: '275/70R16', weight: 3 },
    { size: '215/75R15', weight: 2 },
    { size: '285/65R18', weight: 3 },
    { size: '255/65R17', weight: 4 },
    { size: '275/55R20', weight: 3 },
  ],
  'Light Truck': [
    { size: 'LT265/75R16', weight: 8 },
    { size: 'LT285/75R16', weight: 7 },
    { size: 'LT235/85R16', weight: 5 },
    { size: 'LT265/70R17', weight: 6 },
    { size: 'LT285/70R17', weight: 6 },
    { size: 'LT245/75R16', weight: 5 },
    { size: 'LT265/65R17', weight: 5 },
    { size: 'LT275/70R18', weight: 3 },
    { size: 'LT295/70R17', weight: 2 },
  ],
  Commercial: [
    { size: '195/70R15', weight: 6 },
    { size: '215/70R15', weight: 6 },
    { size: '205/65R16', weight: 5 },
    { size: '215/65R16', weight: 5 },
    { size: '225/70R15', weight: 3 },
    { size: '235/65R16', weight: 4 },
  ],
};

/** How the catalogue divides between segments. */
export const CATEGORY_WEIGHTS: readonly { category: TyreCategory; weight: number }[] = [
  { category: 'Passenger', weight: 30 },
  { category: 'Performance', weight: 15 },
  { category: 'SUV', weight: 18 },
  { category: '4WD', weight: 20 },
  { category: 'Light Truck', weight: 10 },
  { category: 'Commercial', weight: 7 },
];

export const SPEED_RATINGS_BY_CATEGORY: Record<TyreCategory, readonly string[]> = {
  Passenger: ['T', 'H', 'H', 'V'],
  Performance: ['V', 'W', 'Y', 'Y'],
  SUV: ['H', 'H', 'V', 'T'],
  '4WD': ['T', 'S', 'H', 'R'],
  'Light Truck': ['Q', 'R', 'S'],
  Commercial: ['R', 'S', 'T'],
};

export interface TyreBrand {
  readonly name: string;
  readonly code: string;
  /** Price level against the market average. */
  readonly premium: number;
  readonly patterns: readonly { readonly name: string; readonly category: TyreCategory }[];
}

export const TYRE_BRANDS: readonly TyreBrand[] = [
  {
    name: 'Marshal',
    code: 'MAR',
    premium: 0.85,
    patterns: [
      { name: 'Matrac MU12', category: 'Passenger' },
      { name: 'Crugen HP71', category: 'SUV' },
      { name: 'Road Venture AT52', category: '4WD' },
      { name: 'Road Venture MT71', category: 'Light Truck' },
      { name: 'Ecsta PS71', category: 'Performance' },
      { name: 'Portran KC53', category: 'Commercial' },
    ],
  },
  {
    name: 'Michelin',
    code: 'MIC',
    premium: 1.35,
    patterns: [
      { name: 'Primacy 4', category: 'Passenger' },
      { name: 'Pilot Sport 4', category: 'Performance' },
      { name: 'Pilot Sport 5', category: 'Performance' },
      { name: 'LTX Trail', category: 'SUV' },
      { name: 'LTX Force', category: '4WD' },
      { name: 'Agilis 3', category: 'Commercial' },
    ],
  },
  {
    name: 'BFGoodrich',
    code: 'BFG',
    premium: 1.2,
    patterns: [
      { name: 'All-Terrain T/A KO2', category: 'Light Truck' },
      { name: 'Mud-Terrain T/A KM3', category: 'Light Truck' },
      { name: 'Trail-Terrain T/A', category: '4WD' },
      { name: 'Advantage Touring', category: 'Passenger' },
    ],
  },
  {
    name: 'Bridgestone',
    code: 'BRI',
    premium: 1.2,
    patterns: [
      { name: 'Turanza T005', category: 'Passenger' },
      { name: 'Potenza Sport', category: 'Performance' },
      { name: 'Dueler A/T 002', category: '4WD' },
      { name: 'Dueler H/T 684 II', category: 'SUV' },
      { name: 'Ecopia EP150', category: 'Passenger' },
      { name: 'Duravis R611', category: 'Commercial' },
    ],
  },
  {
    name: 'Goodyear',
    code: 'GOO',
    premium: 1.15,
    patterns: [
      { name: 'Eagle F1 Asymmetric 6', category: 'Performance' },
      { name: 'Assurance TripleMax 2', category: 'Passenger' },
      { name: 'Wrangler AT Adventure', category: '4WD' },
      { name: 'Wrangler Duratrac RT', category: 'Light Truck' },
      { name: 'Cargo Marathon 2', category: 'Commercial' },
    ],
  },
  {
    name: 'Dunlop',
    code: 'DUN',
    premium: 1.05,
    patterns: [
      { name: 'SP Sport Maxx 060+', category: 'Performance' },
      { name: 'Grandtrek AT5', category: '4WD' },
      { name: 'Grandtrek PT5', category: 'SUV' },
      { name: 'SP Sport LM705', category: 'Passenger' },
    ],
  },
  {
    name: 'Pirelli',
    code: 'PIR',
    premium: 1.3,
    patterns: [
      { name: 'P Zero PZ4', category: 'Performance' },
      { name: 'Cinturato P7', category: 'Passenger' },
      { name: 'Scorpion Verde', category: 'SUV' },
      { name: 'Scorpion All Terrain Plus', category: '4WD' },
    ],
  },
  {
    name: 'Continental',
    code: 'CON',
    premium: 1.25,
    patterns: [
      { name: 'SportContact 7', category: 'Performance' },
      { name: 'UltraContact UC7', category: 'Passenger' },
      { name: 'CrossContact RX', category: 'SUV' },
      { name: 'CrossContact ATR', category: '4WD' },
      { name: 'VanContact Eco', category: 'Commercial' },
    ],
  },
  {
    name: 'Yokohama',
    code: 'YOK',
    premium: 1.05,
    patterns: [
      { name: 'Advan Sport V107', category: 'Performance' },
      { name: 'BluEarth-GT AE51', category: 'Passenger' },
      { name: 'Geolandar A/T G015', category: '4WD' },
      { name: 'Geolandar M/T G003', category: 'Light Truck' },
      { name: 'Geolandar CV G058', category: 'SUV' },
    ],
  },
  {
    name: 'Toyo',
    code: 'TOY',
    premium: 1.05,
    patterns: [
      { name: 'Open Country A/T III', category: '4WD' },
      { name: 'Open Country M/T', category: 'Light Truck' },
      { name: 'Proxes Sport 2', category: 'Performance' },
      { name: 'Proxes CL1 SUV', category: 'SUV' },
    ],
  },
  {
    name: 'Falken',
    code: 'FAL',
    premium: 0.95,
    patterns: [
      { name: 'Azenis FK520', category: 'Performance' },
      { name: 'Wildpeak A/T3W', category: '4WD' },
      { name: 'Ziex ZE310', category: 'Passenger' },
    ],
  },
  {
    name: 'Hankook',
    code: 'HAN',
    premium: 0.95,
    patterns: [
      { name: 'Ventus S1 evo3', category: 'Performance' },
      { name: 'Kinergy 4S2', category: 'Passenger' },
      { name: 'Dynapro AT2', category: '4WD' },
      { name: 'Dynapro HP2', category: 'SUV' },
      { name: 'Vantra LT', category: 'Commercial' },
    ],
  },
  {
    name: 'Kumho',
    code: 'KUM',
    premium: 0.85,
    patterns: [
      { name: 'Ecsta PS91', category: 'Performance' },
      { name: 'Solus TA31', category: 'Passenger' },
      { name: 'Crugen HT51', category: 'SUV' },
      { name: 'Road Venture AT51', category: '4WD' },
    ],
  },
  {
    name: 'Maxxis',
    code: 'MAX',
    premium: 0.8,
    patterns: [
      { name: 'Victra Sport 5', category: 'Performance' },
      { name: 'Bravo AT-771', category: '4WD' },
      { name: 'Razr MT-772', category: 'Light Truck' },
      { name: 'Premitra HP5', category: 'Passenger' },
    ],
  },
  {
    name: 'Nitto',
    code: 'NIT',
    premium: 1.1,
    patterns: [
      { name: 'Ridge Grappler', category: 'Light Truck' },
      { name: 'Terra Grappler G2', category: '4WD' },
      { name: 'NT555 G2', category: 'Performance' },
    ],
  },
  {
    name: 'Cooper',
    code: 'COO',
    premium: 1.0,
    patterns: [
      { name: 'Discoverer AT3 4S', category: '4WD' },
      { name: 'Discoverer STT Pro', category: 'Light Truck' },
      { name: 'Zeon RS3-G1', category: 'Performance' },
    ],
  },
  {
    name: 'Achilles',
    code: 'ACH',
    premium: 0.65,
    patterns: [
      { name: 'ATR Sport 2', category: 'Performance' },
      { name: '868 All Season', category: 'Passenger' },
      { name: 'Desert Hawk A/T', category: '4WD' },
    ],
  },
  {
    name: 'Nankang',
    code: 'NAN',
    premium: 0.6,
    patterns: [
      { name: 'NS-25', category: 'Passenger' },
      { name: 'AS-2+', category: 'Performance' },
      { name: 'Conqueror A/T', category: '4WD' },
      { name: 'Mudstar Radial M/T', category: 'Light Truck' },
    ],
  },
];

export const WHEEL_COLOURS = [
  'Gloss Black',
  'Matte Black',
  'Silver',
  'Hyper Silver',
  'Gunmetal',
  'Bronze',
  'Machined Black',
  'Chrome',
] as const;

export type WheelRange = 'Street' | '4WD' | 'Performance' | 'Commercial';

export interface WheelBrand {
  readonly name: string;
  readonly code: string;
  readonly premium: number;
  readonly designs: readonly { readonly name: string; readonly range: WheelRange; readonly spokes: number }[];
}

export const WHEEL_BRANDS: readonly WheelBrand[] = [
  {
    name: 'ROH',
    code: 'ROH',
    premium: 1.0,
    designs: [
      { name: 'Assault', range: '4WD', spokes: 6 },
      { name: 'Trig', range: '4WD', spokes: 10 },
      { name: 'Vapour', range: 'Street', spokes: 5 },
      { name: 'Raid', range: '4WD', spokes: 8 },
    ],
  },
  {
    name: 'King',
    code: 'KIN',
    premium: 0.9,
    designs: [
      { name: 'Kracka', range: '4WD', spokes: 6 },
      { name: 'Kombat', range: '4WD', spokes: 12 },
      { name: 'Kinetic', range: 'Street', spokes: 10 },
    ],
  },
  {
    name: 'Advanti',
    code: 'ADV',
    premium: 1.15,
    designs: [
      { name: 'Storm', range: 'Performance', spokes: 10 },
      { name: 'Fastosa', range: 'Performance', spokes: 5 },
      { name: 'Monza', range: 'Street', spokes: 7 },
    ],
  },
  {
    name: 'Simmons',
    code: 'SIM',
    premium: 1.1,
    designs: [
      { name: 'FR-1', range: 'Street', spokes: 5 },
      { name: 'OM-1', range: '4WD', spokes: 6 },
      { name: 'FR-D', range: 'Performance', spokes: 15 },
    ],
  },
  {
    name: 'Lenso',
    code: 'LEN',
    premium: 0.95,
    designs: [
      { name: 'MX-Hydra', range: '4WD', spokes: 6 },
      { name: 'Spec-F', range: 'Performance', spokes: 10 },
      { name: 'Jager Dyna', range: '4WD', spokes: 8 },
    ],
  },
  {
    name: 'Dynamic',
    code: 'DYN',
    premium: 0.75,
    designs: [
      { name: 'Steel Sunraysia', range: 'Commercial', spokes: 8 },
      { name: 'Hammer', range: '4WD', spokes: 6 },
      { name: 'Crossfire', range: '4WD', spokes: 7 },
    ],
  },
  {
    name: 'Grid',
    code: 'GRI',
    premium: 1.05,
    designs: [
      { name: 'GD-01', range: '4WD', spokes: 6 },
      { name: 'GD-05', range: '4WD', spokes: 12 },
      { name: 'GT-05', range: 'Street', spokes: 5 },
    ],
  },
  {
    name: 'Fuel',
    code: 'FUE',
    premium: 1.4,
    designs: [
      { name: 'Rebel', range: '4WD', spokes: 6 },
      { name: 'Covert', range: '4WD', spokes: 6 },
      { name: 'Sledge', range: '4WD', spokes: 8 },
    ],
  },
  {
    name: 'Vors',
    code: 'VOR',
    premium: 0.85,
    designs: [
      { name: 'TR4', range: 'Performance', spokes: 10 },
      { name: 'VR5', range: 'Street', spokes: 5 },
      { name: 'SP7', range: 'Street', spokes: 7 },
    ],
  },
  {
    name: 'Black Rhino',
    code: 'BLR',
    premium: 1.3,
    designs: [
      { name: 'Arsenal', range: '4WD', spokes: 8 },
      { name: 'Barstow', range: '4WD', spokes: 6 },
    ],
  },
];

/** Bolt patterns and bores that each wheel range is made for. */
export const WHEEL_FITMENTS: Record<
  WheelRange,
  readonly { pcds: readonly string[]; centreBore: number; seat: string; weight: number }[]
> = {
  '4WD': [
    { pcds: ['6x139.7'], centreBore: 106.1, seat: 'Conical', weight: 10 },
    { pcds: ['6x139.7'], centreBore: 110.1, seat: 'Conical', weight: 4 },
    { pcds: ['5x150'], centreBore: 110.1, seat: 'Conical', weight: 3 },
    { pcds: ['6x114.3'], centreBore: 66.1, seat: 'Conical', weight: 2 },
    { pcds: ['5x114.3', '5x127'], centreBore: 71.6, seat: 'Conical', weight: 2 },
  ],
  Street: [
    { pcds: ['5x114.3'], centreBore: 73.1, seat: 'Conical', weight: 10 },
    { pcds: ['5x100', '5x114.3'], centreBore: 73.1, seat: 'Conical', weight: 4 },
    { pcds: ['5x112'], centreBore: 66.6, seat: 'Ball', weight: 5 },
    { pcds: ['4x100'], centreBore: 73.1, seat: 'Conical', weight: 3 },
    { pcds: ['5x120'], centreBore: 72.6, seat: 'Conical', weight: 3 },
  ],
  Performance: [
    { pcds: ['5x114.3'], centreBore: 73.1, seat: 'Conical', weight: 8 },
    { pcds: ['5x112'], centreBore: 66.6, seat: 'Ball', weight: 6 },
    { pcds: ['5x120'], centreBore: 72.6, seat: 'Conical', weight: 4 },
  ],
  Commercial: [
    { pcds: ['6x139.7'], centreBore: 106.1, seat: 'Flat', weight: 6 },
    { pcds: ['5x114.3'], centreBore: 67.1, seat: 'Conical', weight: 2 },
  ],
};

export const WHEEL_SIZES: Record<
  WheelRange,
  readonly { size: number; widths: readonly number[]; offsets: readonly number[] }[]
> = {
  '4WD': [
    { size: 16, widths: [7, 8], offsets: [-25, -10, 0, 10, 30] },
    { size: 17, widths: [8, 8.5, 9], offsets: [-38, -25, -12, 0, 10, 20] },
    { size: 18, widths: [8.5, 9], offsets: [-12, 0, 10, 20, 30] },
    { size: 20, widths: [9, 10], offsets: [-18, 0, 12, 20] },
  ],
  Street: [
    { size: 15, widths: [6.5, 7], offsets: [35, 40] },
    { size: 17, widths: [7, 7.5, 8], offsets: [35, 40, 45] },
    { size: 18, widths: [8, 8.5], offsets: [35, 40, 45] },
    { size: 19, widths: [8.5, 9.5], offsets: [35, 40, 45] },
  ],
  Performance: [
    { size: 18, widths: [8.5, 9.5], offsets: [30, 35, 40] },
    { size: 19, widths: [8.5, 9.5], offsets: [30, 35, 42] },
    { size: 20, widths: [9, 10], offsets: [30, 35, 40] },
  ],
  Commercial: [
    { size: 15, widths: [6, 6.5], offsets: [0, 10] },
    { size: 16, widths: [6.5, 7], offsets: [0, 10, 30] },
  ],
};

export interface VehicleFitment {
  readonly make: string;
  readonly model: string;
  readonly series: string;
  readonly years: readonly [number, number | null];
  readonly pcd: string;
  readonly centreBore: number;
  readonly thread: string;
  readonly fastener: 'Nut' | 'Bolt';
  readonly offsets: readonly [number, number];
  readonly diameters: readonly [number, number];
  readonly widths: readonly [number, number];
  readonly tpms: boolean;
  /** Original sizes first; 'front|rear' for staggered fitments. */
  readonly tyreSizes: readonly string[];
}

const hilux = {
  pcd: '6x139.7',
  centreBore: 106.1,
  thread: 'M12x1.5',
  fastener: 'Nut',
  offsets: [-25, 30],
  diameters: [16, 20],
  widths: [7, 9],
  tpms: false,
} as const;
const ranger = {
  pcd: '6x139.7',
  centreBore: 93.1,
  thread: 'M12x1.5',
  fastener: 'Nut',
  offsets: [-25, 30],
  diameters: [16, 20],
  widths: [7, 9],
  tpms: true,
} as const;
const cruiser = {
  pcd: '5x150',
  centreBore: 110.1,
  thread: 'M14x1.5',
  fastener: 'Nut',
  offsets: [-25, 60],
  diameters: [17, 20],
  widths: [7.5, 9],
  tpms: true,
} as const;

export const VEHICLES: readonly VehicleFitment[] = [
  {
    make: 'Toyota',
    model: 'HiLux',
    series: 'N80 Workmate 4x4',
    years: [2015, null],
    ...hilux,
    tyreSizes: ['265/70R16', 'LT265/75R16'],
  },
  {
    make: 'Toyota',
    model: 'HiLux',
    series: 'N80 SR 4x4',
    years: [2015, null],
    ...hilux,
    tyreSizes: ['265/65R17', '265/70R16'],
  },
  {
    make: 'Toyota',
    model: 'HiLux',
    series: 'N80 SR5 4x4',
    years: [2015, null],
    ...hilux,
    tyreSizes: ['265/65R17', '265/60R18', 'LT265/70R17'],
  },
  {
    make: 'Toyota',
    model: 'HiLux',
    series: 'N80 Rogue',
    years: [2018, null],
    ...hilux,
    tyreSizes: ['265/60R18', '265/65R17'],
  },
  {
    make: 'Toyota',
    model: 'HiLux',
    series: 'N70 SR5',
    years: [2005, 2015],
    ...hilux,
    tyreSizes: ['265/65R17', '255/70R16'],
  },
  {
    make: 'Toyota',
    model: 'LandCruiser',
    series: '300 GXL',
    years: [2021, null],
    pcd: '6x139.7',
    centreBore: 95.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [0, 55],
    diameters: [18, 20],
    widths: [8, 9],
    tpms: true,
    tyreSizes: ['265/65R18', '265/55R20'],
  },
  {
    make: 'Toyota',
    model: 'LandCruiser',
    series: '200 GXL',
    years: [2007, 2021],
    ...cruiser,
    tyreSizes: ['285/65R17', '285/60R18'],
  },
  {
    make: 'Toyota',
    model: 'LandCruiser 70',
    series: '79 GXL Single Cab',
    years: [2007, null],
    pcd: '5x150',
    centreBore: 110.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [-25, 10],
    diameters: [16, 17],
    widths: [7, 8],
    tpms: false,
    tyreSizes: ['LT265/75R16', '265/70R16'],
  },
  {
    make: 'Toyota',
    model: 'Prado',
    series: '150 GXL',
    years: [2009, 2024],
    ...hilux,
    offsets: [0, 30],
    diameters: [17, 20],
    tyreSizes: ['265/65R17', '265/60R18', '265/55R19'],
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    series: 'XA50 GX',
    years: [2019, null],
    pcd: '5x114.3',
    centreBore: 60.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [35, 45],
    diameters: [17, 19],
    widths: [7, 8],
    tpms: true,
    tyreSizes: ['225/65R17', '235/55R19'],
  },
  {
    make: 'Toyota',
    model: 'Corolla',
    series: 'E210 Ascent Sport',
    years: [2018, null],
    pcd: '5x100',
    centreBore: 54.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [35, 45],
    diameters: [15, 18],
    widths: [6.5, 8],
    tpms: false,
    tyreSizes: ['205/55R16', '225/40R18'],
  },
  {
    make: 'Toyota',
    model: 'Camry',
    series: 'XV70 Ascent',
    years: [2017, null],
    pcd: '5x114.3',
    centreBore: 60.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [35, 45],
    diameters: [16, 19],
    widths: [7, 8.5],
    tpms: true,
    tyreSizes: ['215/55R17', '235/45R18'],
  },
  {
    make: 'Ford',
    model: 'Ranger',
    series: 'PX3 XLT',
    years: [2018, 2022],
    ...ranger,
    tpms: false,
    tyreSizes: ['265/65R17', '265/60R18'],
  },
  {
    make: 'Ford',
    model: 'Ranger',
    series: 'Next-Gen XLT',
    years: [2022, null],
    ...ranger,
    tyreSizes: ['255/65R18', '265/60R18'],
  },
  {
    make: 'Ford',
    model: 'Ranger',
    series: 'Next-Gen Raptor',
    years: [2022, null],
    ...ranger,
    tyreSizes: ['LT285/70R17'],
  },
  {
    make: 'Ford',
    model: 'Everest',
    series: 'UA II Trend',
    years: [2018, 2022],
    ...ranger,
    tyreSizes: ['265/60R18', '265/65R17'],
  },
  {
    make: 'Ford',
    model: 'Mustang',
    series: 'S550 GT',
    years: [2015, 2023],
    pcd: '5x114.3',
    centreBore: 70.5,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [35, 50],
    diameters: [18, 20],
    widths: [8.5, 10],
    tpms: true,
    tyreSizes: ['255/40R19|275/40R19', '255/35R20|275/35R20'],
  },
  {
    make: 'Isuzu',
    model: 'D-Max',
    series: 'RG LS-U',
    years: [2020, null],
    ...hilux,
    tyreSizes: ['255/60R18', '265/60R18'],
  },
  {
    make: 'Isuzu',
    model: 'MU-X',
    series: 'RJ LS-T',
    years: [2021, null],
    ...hilux,
    tyreSizes: ['265/60R18', '255/60R18'],
  },
  {
    make: 'Mitsubishi',
    model: 'Triton',
    series: 'MQ GLS',
    years: [2015, 2018],
    pcd: '6x139.7',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [0, 46],
    diameters: [16, 18],
    widths: [7, 8.5],
    tpms: false,
    tyreSizes: ['245/70R16', '245/65R17'],
  },
  {
    make: 'Mitsubishi',
    model: 'Pajero Sport',
    series: 'QE GLS',
    years: [2015, null],
    pcd: '6x139.7',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [0, 46],
    diameters: [17, 18],
    widths: [7.5, 8.5],
    tpms: false,
    tyreSizes: ['265/60R18', '265/65R17'],
  },
  {
    make: 'Mitsubishi',
    model: 'Outlander',
    series: 'ZM ES',
    years: [2021, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [38, 45],
    diameters: [18, 20],
    widths: [7, 8],
    tpms: true,
    tyreSizes: ['235/60R18', '255/45R20'],
  },
  {
    make: 'Nissan',
    model: 'Navara',
    series: 'D23 ST-X',
    years: [2015, null],
    pcd: '6x114.3',
    centreBore: 66.1,
    thread: 'M12x1.25',
    fastener: 'Nut',
    offsets: [10, 40],
    diameters: [16, 18],
    widths: [7, 8.5],
    tpms: false,
    tyreSizes: ['255/60R18', '255/70R16'],
  },
  {
    make: 'Nissan',
    model: 'Patrol',
    series: 'Y62 Ti',
    years: [2013, null],
    pcd: '6x139.7',
    centreBore: 77.8,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [0, 35],
    diameters: [18, 22],
    widths: [8, 9.5],
    tpms: true,
    tyreSizes: ['275/65R18', '275/60R20'],
  },
  {
    make: 'Mazda',
    model: 'BT-50',
    series: 'TF XTR',
    years: [2020, null],
    ...hilux,
    centreBore: 106.1,
    tyreSizes: ['265/60R18', '255/65R17'],
  },
  {
    make: 'Mazda',
    model: 'CX-5',
    series: 'KF Maxx Sport',
    years: [2017, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [40, 50],
    diameters: [17, 19],
    widths: [7, 7.5],
    tpms: true,
    tyreSizes: ['225/65R17', '225/55R19'],
  },
  {
    make: 'Mazda',
    model: 'Mazda3',
    series: 'BP G20 Evolve',
    years: [2019, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [40, 50],
    diameters: [16, 18],
    widths: [6.5, 7],
    tpms: true,
    tyreSizes: ['205/60R16', '215/45R18'],
  },
  {
    make: 'Hyundai',
    model: 'i30',
    series: 'PD Active',
    years: [2017, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M12x1.5',
    fastener: 'Nut',
    offsets: [45, 50],
    diameters: [16, 18],
    widths: [6.5, 7.5],
    tpms: true,
    tyreSizes: ['205/55R16', '225/40R18'],
  },
  {
    make: 'Hyundai',
    model: 'Tucson',
    series: 'NX4 Elite',
    years: [2021, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [45, 51],
    diameters: [17, 19],
    widths: [7, 7.5],
    tpms: true,
    tyreSizes: ['235/60R18', '235/55R19'],
  },
  {
    make: 'Kia',
    model: 'Sportage',
    series: 'NQ5 SX',
    years: [2022, null],
    pcd: '5x114.3',
    centreBore: 67.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [45, 51],
    diameters: [17, 19],
    widths: [7, 7.5],
    tpms: true,
    tyreSizes: ['235/65R17', '235/55R19'],
  },
  {
    make: 'Volkswagen',
    model: 'Amarok',
    series: '2H Highline',
    years: [2011, 2022],
    pcd: '5x120',
    centreBore: 65.1,
    thread: 'M14x1.5',
    fastener: 'Bolt',
    offsets: [35, 50],
    diameters: [16, 20],
    widths: [7, 8.5],
    tpms: false,
    tyreSizes: ['255/60R18', '245/70R16'],
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    series: 'Mk8 110TSI',
    years: [2021, null],
    pcd: '5x112',
    centreBore: 57.1,
    thread: 'M14x1.5',
    fastener: 'Bolt',
    offsets: [40, 49],
    diameters: [16, 19],
    widths: [6.5, 8],
    tpms: true,
    tyreSizes: ['205/55R16', '225/40R18'],
  },
  {
    make: 'Subaru',
    model: 'Outback',
    series: 'BT AWD Touring',
    years: [2021, null],
    pcd: '5x114.3',
    centreBore: 56.1,
    thread: 'M12x1.25',
    fastener: 'Nut',
    offsets: [48, 55],
    diameters: [17, 18],
    widths: [7, 7.5],
    tpms: true,
    tyreSizes: ['225/65R17', '225/60R18'],
  },
  {
    make: 'Holden',
    model: 'Commodore',
    series: 'VF SS-V Redline',
    years: [2013, 2017],
    pcd: '5x120',
    centreBore: 67.0,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [35, 45],
    diameters: [18, 20],
    widths: [8, 9.5],
    tpms: true,
    tyreSizes: ['245/40R19|275/35R19', '245/45R18'],
  },
  {
    make: 'Holden',
    model: 'Colorado',
    series: 'RG LTZ',
    years: [2016, 2020],
    pcd: '6x139.7',
    centreBore: 78.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [0, 45],
    diameters: [16, 18],
    widths: [7, 8.5],
    tpms: false,
    tyreSizes: ['265/60R18', '255/65R17'],
  },
  {
    make: 'Tesla',
    model: 'Model 3',
    series: 'Highland RWD',
    years: [2023, null],
    pcd: '5x114.3',
    centreBore: 64.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [35, 45],
    diameters: [18, 20],
    widths: [8.5, 9],
    tpms: true,
    tyreSizes: ['235/45R18', '235/40R19'],
  },
  {
    make: 'BYD',
    model: 'Atto 3',
    series: 'Extended Range',
    years: [2022, null],
    pcd: '5x114.3',
    centreBore: 64.1,
    thread: 'M14x1.5',
    fastener: 'Nut',
    offsets: [40, 45],
    diameters: [18, 18],
    widths: [7, 7.5],
    tpms: true,
    tyreSizes: ['215/55R18'],
  },
];

/** How an accessory or consumable is sold: one piece, or a pack of `pieces` (the cart orders whole packs). */
export interface MerchandisePack {
  readonly label: string | null;
  readonly pieces: number;
}

const SINGLE: MerchandisePack = { label: null, pieces: 1 };
const FASTENER_PACKS: readonly MerchandisePack[] = [
  SINGLE,
  { label: 'Pack of 20', pieces: 20 },
  { label: 'Pack of 24', pieces: 24 },
  { label: 'Box of 100', pieces: 100 },
];

export interface MerchandiseSubcategory {
  readonly name: string;
  /** The brands that make it, the first being the one every small demo catalogue carries. */
  readonly brands: readonly string[];
  /** How its items are sold, unless an item says otherwise. */
  readonly packs: readonly MerchandisePack[];
  /** Item names with the RRP of one piece in dollars (low, high), as Australian trade price lists have them. */
  readonly items: readonly {
    readonly name: string;
    readonly rrp: readonly [number, number];
    readonly packs?: readonly MerchandisePack[];
  }[];
}

/** Merchandise: categories, their subcategories and items. Wheel accessories carry what the cart's fitment check reads. */
export const MERCHANDISE_CATEGORIES: readonly { name: string; subcategories: readonly MerchandiseSubcategory[] }[] = [
  {
    name: 'Wheel Accessories',
    subcategories: [
      {
        name: 'Wheel Nuts',
        brands: ['Gorilla', 'McGard', 'YHI'],
        packs: FASTENER_PACKS,
        items: [
          { name: 'Conical Nut M12x1.5 Chrome', rrp: [2, 3.2] },
          { name: 'Conical Nut M12x1.5 Black', rrp: [2.2, 3.5] },
          { name: 'Conical Nut M14x1.5 Chrome', rrp: [2.2, 3.5] },
          { name: 'Conical Nut M14x1.5 Black', rrp: [2.4, 3.8] },
          { name: 'Conical Nut M12x1.25 Chrome', rrp: [2.2, 3.5] },
          { name: 'Flat Seat Nut M12x1.5 Chrome', rrp: [2.5, 4] },
          { name: 'Flat Seat Nut M14x1.5 Chrome', rrp: [2.8, 4.2] },
        ],
      },
      {
        name: 'Wheel Bolts',
        brands: ['Gorilla', 'McGard', 'YHI'],
        packs: [SINGLE, { label: 'Pack of 20', pieces: 20 }, { label: 'Box of 100', pieces: 100 }],
        items: [
          { name: 'Ball Seat Bolt M14x1.5 28mm', rrp: [2.5, 4] },
          { name: 'Ball Seat Bolt M14x1.5 40mm', rrp: [3, 4.5] },
          { name: 'Conical Bolt M14x1.5 28mm', rrp: [2.5, 4] },
        ],
      },
      // A lock set is four locks and a key: one set per vehicle, never sold by the pack.
      {
        name: 'Wheel Locks',
        brands: ['McGard', 'Gorilla'],
        packs: [SINGLE],
        items: [
          { name: 'Lock Set M12x1.5 Conical', rrp: [65, 95] },
          { name: 'Lock Set M14x1.5 Conical', rrp: [70, 105] },
          { name: 'Lock Set M12x1.25 Conical', rrp: [65, 95] },
          { name: 'Lock Bolt Set M14x1.5 Ball', rrp: [75, 110] },
        ],
      },
      {
        name: 'Hub Rings',
        brands: ['YHI', 'Tyre Pro'],
        packs: [SINGLE, { label: 'Pack of 4', pieces: 4 }],
        items: [
          { name: 'Hub Ring 73.1-60.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 73.1-67.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 73.1-64.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 73.1-54.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 66.6-57.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 72.6-65.1', rrp: [2.5, 5] },
          { name: 'Hub Ring 106.1-93.1', rrp: [3.5, 6.5] },
          { name: 'Hub Ring 110.1-95.1', rrp: [3.5, 6.5] },
        ],
      },
      {
        name: 'TPMS Sensors',
        brands: ['Schrader', 'Bartec'],
        packs: [SINGLE, { label: 'Pack of 4', pieces: 4 }],
        items: [
          { name: 'TPMS Sensor 433 MHz Programmable', rrp: [65, 95] },
          { name: 'TPMS Sensor 315 MHz Programmable', rrp: [65, 95] },
        ],
      },
      {
        name: 'Valves',
        brands: ['Schrader', 'YHI'],
        packs: [SINGLE, { label: 'Pack of 4', pieces: 4 }, { label: 'Box of 100', pieces: 100 }],
        items: [
          { name: 'Rubber Valve TR413', rrp: [1.5, 3] },
          { name: 'Alloy Valve Black', rrp: [8, 14] },
          { name: 'Alloy Valve Chrome', rrp: [8, 14] },
          { name: 'High Pressure Valve TR600', rrp: [4, 7] },
        ],
      },
    ],
  },
  {
    name: 'Tyre Care',
    subcategories: [
      {
        name: 'Tyre Shine',
        brands: ['Tyre Pro', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Tyre Shine 500 ml', rrp: [12, 18], packs: [SINGLE, { label: 'Carton of 12', pieces: 12 }] },
          { name: 'Tyre Shine 5 L', rrp: [55, 85] },
          { name: 'Tyre Gel 1 L', rrp: [25, 35] },
        ],
      },
      {
        name: 'Puncture Repair',
        brands: ['Tyre Pro', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Plug Kit', rrp: [18, 35] },
          { name: 'Patch Assortment', rrp: [45, 80] },
          { name: 'Vulcanising Cement 250 ml', rrp: [14, 22] },
        ],
      },
      {
        name: 'Valve Caps',
        brands: ['Schrader', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Valve Caps Black (Set of 4)', rrp: [4, 7] },
          { name: 'Valve Caps Chrome (Set of 4)', rrp: [6, 10] },
          { name: 'Valve Caps Green Nitrogen (Bag of 100)', rrp: [22, 35] },
        ],
      },
    ],
  },
  {
    name: 'Workshop Equipment',
    subcategories: [
      {
        name: 'Tyre Changers',
        brands: ['Tyre Pro', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Tyre Changer TC-24', rrp: [3_900, 5_200] },
          { name: 'Tyre Changer TC-30 Helper Arm', rrp: [6_400, 8_900] },
        ],
      },
      {
        name: 'Wheel Balancers',
        brands: ['Tyre Pro', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Wheel Balancer WB-60', rrp: [3_800, 5_600] },
          { name: 'Wheel Weights Clip-On Box', rrp: [70, 120] },
          { name: 'Wheel Weights Adhesive Roll', rrp: [45, 80] },
        ],
      },
      {
        name: 'Jacks & Stands',
        brands: ['Tyre Pro', 'YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Trolley Jack 3 t', rrp: [220, 450] },
          { name: 'Axle Stands 3 t (pair)', rrp: [70, 130] },
          { name: 'Impact Socket Set', rrp: [90, 180] },
        ],
      },
    ],
  },
  {
    name: 'Apparel',
    subcategories: [
      {
        name: 'Caps',
        brands: ['YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Trucker Cap Black', rrp: [22, 30] },
          { name: 'Trucker Cap Grey', rrp: [22, 30] },
          { name: 'Bucket Hat', rrp: [25, 35] },
        ],
      },
      {
        name: 'Shirts',
        brands: ['YHI'],
        packs: [SINGLE],
        items: [
          { name: 'Workshop Shirt Navy', rrp: [45, 65] },
          { name: 'Workshop Shirt Grey', rrp: [45, 65] },
          { name: 'Polo Black', rrp: [38, 55] },
        ],
      },
    ],
  },
];

/** Price level of each merchandise brand against the market average. */
export const MERCHANDISE_BRAND_PREMIUM: Readonly<Record<string, number>> = {
  McGard: 1.15,
  Gorilla: 1.0,
  YHI: 0.92,
  Schrader: 1.1,
  Bartec: 1.12,
  'Tyre Pro': 0.97,
};
