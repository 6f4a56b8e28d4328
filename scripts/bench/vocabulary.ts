// Words for realistic seed data: a Sri Lankan garage's parts shelf, customers and their vehicles.

export interface PartCategory {
  name: string;
  description: string;
  brands: readonly string[];
  products: readonly string[];
  /** Sizes, grades or part numbers that follow the product name; empty when none apply. */
  variants: readonly string[];
  /** Whether the name names the vehicle it fits ('- Toyota Axio'). */
  fitted: boolean;
  /** Cost price range in rupees. */
  cost: readonly [number, number];
}

export const partCategories: readonly PartCategory[] = [
  {
    name: 'Engine Oil',
    description: 'Mineral, semi and fully synthetic engine oils',
    brands: ['Castrol', 'Mobil', 'Shell', 'Caltex', 'Valvoline', 'Toyota Genuine', 'Laugfs', 'Servo'],
    products: ['Engine Oil', 'Fully Synthetic Engine Oil', 'Semi Synthetic Engine Oil', 'Diesel Engine Oil', '4T Motorcycle Oil'],
    variants: ['5W-30 4L', '10W-40 4L', '20W-50 4L', '0W-20 4L', '5W-40 1L', '15W-40 5L', '20W-50 1L', '10W-30 1L'],
    fitted: false,
    cost: [1400, 16000],
  },
  {
    name: 'Gear & Transmission Oil',
    description: 'Gear oils, ATF and CVT fluids',
    brands: ['Castrol', 'Mobil', 'Shell', 'Toyota Genuine', 'Honda Genuine', 'Valvoline'],
    products: ['Gear Oil', 'ATF Dexron III', 'CVT Fluid', 'Power Steering Fluid', 'Differential Oil'],
    variants: ['80W-90 1L', '75W-90 1L', '1L', '4L', '85W-140 1L', '500ml'],
    fitted: false,
    cost: [900, 9000],
  },
  {
    name: 'Brake Fluid',
    description: 'DOT 3, DOT 4 and DOT 5.1 brake fluids',
    brands: ['Bosch', 'Prestone', 'Castrol', 'Toyota Genuine', 'TRW'],
    products: ['Brake Fluid'],
    variants: ['DOT 3 500ml', 'DOT 4 500ml', 'DOT 4 1L', 'DOT 5.1 500ml', 'DOT 3 250ml'],
    fitted: false,
    cost: [600, 3500],
  },
  {
    name: 'Coolant',
    description: 'Radiator coolants and additives',
    brands: ['Prestone', 'Toyota Genuine', 'Castrol', 'Shell', 'Bosch'],
    products: ['Radiator Coolant', 'Long Life Coolant', 'Super Long Life Coolant', 'Radiator Flush'],
    variants: ['1L', '4L', 'Pink 1L', 'Green 4L', '500ml'],
    fitted: false,
    cost: [500, 4500],
  },
  {
    name: 'Oil Filters',
    description: 'Spin-on and cartridge oil filters',
    brands: ['Bosch', 'Denso', 'Sakura', 'Vic', 'Toyota Genuine', 'Mann', 'Mahle', 'Honda Genuine'],
    products: ['Oil Filter', 'Oil Filter Element'],
    variants: ['90915-YZZE1', '90915-10003', '15400-RTA-003', '16510-61AV1', 'C-1809', 'O-111', 'W712/75', ''],
    fitted: true,
    cost: [450, 3500],
  },
  {
    name: 'Air Filters',
    description: 'Engine air filter elements',
    brands: ['Bosch', 'Denso', 'Sakura', 'Mann', 'Mahle', 'Toyota Genuine'],
    products: ['Air Filter', 'Air Filter Element', 'Performance Air Filter'],
    variants: ['A-1181', '17801-21050', '17220-RNA-000', 'C 2029', ''],
    fitted: true,
    cost: [700, 5500],
  },
  {
    name: 'Fuel Filters',
    description: 'Petrol and diesel fuel filters',
    brands: ['Bosch', 'Denso', 'Sakura', 'Mann', 'Vic'],
    products: ['Fuel Filter', 'Diesel Fuel Filter', 'Fuel Filter Element'],
    variants: ['FC-1503', '23390-0L041', 'WK 842', ''],
    fitted: true,
    cost: [800, 6500],
  },
  {
    name: 'Cabin Filters',
    description: 'A/C and cabin air filters',
    brands: ['Bosch', 'Denso', 'Sakura', 'Mann'],
    products: ['Cabin Air Filter', 'A/C Filter', 'Activated Carbon Cabin Filter'],
    variants: ['87139-YZZ08', 'CA-1102', ''],
    fitted: true,
    cost: [600, 4000],
  },
  {
    name: 'Brake Pads',
    description: 'Disc brake pad sets',
    brands: ['Bosch', 'Brembo', 'Akebono', 'Bendix', 'TRW', 'Nisshinbo', 'MK Kashiyama'],
    products: ['Brake Pad Set Front', 'Brake Pad Set Rear', 'Disc Brake Pads', 'Ceramic Brake Pads'],
    variants: ['D2218', 'AN-690WK', 'GDB3459', 'FDB1891', ''],
    fitted: true,
    cost: [2500, 18000],
  },
  {
    name: 'Brake Shoes',
    description: 'Drum brake shoes and linings',
    brands: ['Bendix', 'Nisshinbo', 'MK Kashiyama', 'TRW', 'Akebono'],
    products: ['Brake Shoe Set Rear', 'Brake Lining', 'Parking Brake Shoe'],
    variants: ['K2336', 'S-2338', ''],
    fitted: true,
    cost: [2000, 12000],
  },
  {
    name: 'Brake Discs & Drums',
    description: 'Brake disc rotors and drums',
    brands: ['Brembo', 'TRW', 'Bosch', 'Toyota Genuine'],
    products: ['Brake Disc Rotor Front', 'Brake Drum Rear', 'Vented Brake Disc'],
    variants: ['09.A422.11', 'DF4427', ''],
    fitted: true,
    cost: [6000, 38000],
  },
  {
    name: 'Spark Plugs',
    description: 'Copper, platinum and iridium spark plugs',
    brands: ['NGK', 'Denso', 'Bosch', 'Champion'],
    products: ['Spark Plug', 'Iridium Spark Plug', 'Platinum Spark Plug'],
    variants: ['BKR6E', 'IK20', 'ILKAR7B11', 'FR7DC', 'BPR6ES', 'K20TT', 'SK20R11'],
    fitted: false,
    cost: [450, 4800],
  },
  {
    name: 'Ignition Coils',
    description: 'Ignition coils and leads',
    brands: ['Denso', 'Bosch', 'NGK', 'Hitachi'],
    products: ['Ignition Coil', 'Spark Plug Lead Set', 'Ignition Coil Pack'],
    variants: ['90919-02252', '30520-RNA-A01', ''],
    fitted: true,
    cost: [4500, 28000],
  },
  {
    name: 'Batteries',
    description: 'Car, van and motorcycle batteries',
    brands: ['Exide', 'Amaron', 'Lucas', 'Dagenite', 'Yuasa', 'Bosch', 'Panasonic'],
    products: ['Battery', 'Maintenance Free Battery', 'Hybrid Auxiliary Battery'],
    variants: ['NS40 35Ah', 'NS60 45Ah', 'N50 60Ah', 'N70 70Ah', 'DIN65 65Ah', '12V 5Ah Motorcycle', 'N100 100Ah'],
    fitted: false,
    cost: [6500, 65000],
  },
  {
    name: 'Bulbs',
    description: 'Headlight, tail light and indicator bulbs',
    brands: ['Philips', 'Osram', 'Narva', 'Koito'],
    products: ['Headlight Bulb', 'Tail Light Bulb', 'Indicator Bulb', 'LED Headlight Bulb', 'Parking Bulb'],
    variants: ['H4 12V 60/55W', 'H7 12V 55W', 'T10 12V 5W', 'P21W 12V', 'H11 12V 55W', 'HB3 9005'],
    fitted: false,
    cost: [150, 9500],
  },
  {
    name: 'Wiper Blades',
    description: 'Conventional and flat wiper blades',
    brands: ['Bosch', 'Valeo', 'Denso', 'Trico', 'PIAA'],
    products: ['Wiper Blade', 'Aerotwin Wiper Blade', 'Rear Wiper Blade'],
    variants: ['14 inch', '16 inch', '18 inch', '20 inch', '22 inch', '24 inch', '26 inch'],
    fitted: false,
    cost: [700, 4500],
  },
  {
    name: 'Belts',
    description: 'Fan, drive and timing belts',
    brands: ['Gates', 'Bando', 'Mitsuboshi', 'Dayco', 'Continental'],
    products: ['Fan Belt', 'Timing Belt', 'Drive Belt', 'Ribbed V-Belt', 'Timing Belt Kit'],
    variants: ['4PK1000', '6PK1550', '5PK1100', '7PK1815', '3PK750', ''],
    fitted: true,
    cost: [900, 22000],
  },
  {
    name: 'Hoses',
    description: 'Radiator, heater and fuel hoses',
    brands: ['Gates', 'Toyota Genuine', 'Sakura', 'Mitsuboshi'],
    products: ['Radiator Hose Upper', 'Radiator Hose Lower', 'Heater Hose', 'Fuel Hose', 'Vacuum Hose'],
    variants: ['8mm', '10mm', '16mm', ''],
    fitted: true,
    cost: [350, 6500],
  },
  {
    name: 'Shock Absorbers',
    description: 'Shock absorbers and strut assemblies',
    brands: ['KYB', 'Monroe', 'Tokico', 'Gabriel'],
    products: ['Shock Absorber Front Left', 'Shock Absorber Front Right', 'Shock Absorber Rear', 'Strut Assembly Front'],
    variants: ['339060', '341361', 'G8052', ''],
    fitted: true,
    cost: [6500, 42000],
  },
  {
    name: 'Suspension Bushings',
    description: 'Arm bushings, stabilizer bushes and mounts',
    brands: ['Toyota Genuine', 'RBI', 'CTR', 'Febest'],
    products: ['Lower Arm Bushing', 'Stabilizer Bushing', 'Strut Mount', 'Engine Mount', 'Upper Arm Bushing'],
    variants: ['48655-12170', 'T24-ZZE120', ''],
    fitted: true,
    cost: [450, 12000],
  },
  {
    name: 'Ball Joints & Tie Rods',
    description: 'Ball joints, tie rod ends, rack ends and links',
    brands: ['555', 'CTR', 'GMB', 'Toyota Genuine'],
    products: ['Ball Joint Lower', 'Tie Rod End', 'Rack End', 'Stabilizer Link', 'Steering Rack Boot'],
    variants: ['SB-3882', 'SE-3661', 'CET-102', ''],
    fitted: true,
    cost: [1500, 14000],
  },
  {
    name: 'Clutch Parts',
    description: 'Clutch kits, plates, covers and cylinders',
    brands: ['Exedy', 'Aisin', 'Valeo', 'LUK'],
    products: ['Clutch Kit', 'Clutch Plate', 'Clutch Cover', 'Clutch Release Bearing', 'Clutch Master Cylinder'],
    variants: ['TYK2010', 'DT-045V', 'CTX-114', ''],
    fitted: true,
    cost: [3500, 48000],
  },
  {
    name: 'Bearings',
    description: 'Wheel, hub and general bearings',
    brands: ['NTN', 'Koyo', 'NSK', 'SKF', 'Nachi'],
    products: ['Wheel Bearing Front', 'Wheel Hub Bearing Rear', 'Alternator Bearing', 'Ball Bearing'],
    variants: ['6203', '6204-2RS', '6301ZZ', 'DAC38720236', 'DAC35650035'],
    fitted: false,
    cost: [400, 19000],
  },
  {
    name: 'Gaskets & Seals',
    description: 'Head gaskets, cover gaskets, oil seals and O-rings',
    brands: ['Toyota Genuine', 'Victor Reinz', 'Elring', 'NOK', 'Honda Genuine'],
    products: ['Head Gasket', 'Valve Cover Gasket', 'Oil Seal', 'Oil Sump Gasket', 'O-Ring Kit', 'Crankshaft Oil Seal'],
    variants: ['11213-21020', '90311-38047', '35x50x8', ''],
    fitted: true,
    cost: [150, 14000],
  },
  {
    name: 'Radiators',
    description: 'Radiators, caps and fan motors',
    brands: ['Denso', 'Koyo', 'Toyota Genuine', 'Nissens'],
    products: ['Radiator', 'Radiator Cap', 'Radiator Fan Motor', 'Condenser'],
    variants: ['0.9 bar', '1.1 bar', ''],
    fitted: true,
    cost: [900, 48000],
  },
  {
    name: 'Water Pumps',
    description: 'Engine water pumps',
    brands: ['Aisin', 'GMB', 'Toyota Genuine', 'Gates'],
    products: ['Water Pump', 'Water Pump Gasket', 'Thermostat'],
    variants: ['WPT-063', 'GWT-98A', '82 C', ''],
    fitted: true,
    cost: [900, 22000],
  },
  {
    name: 'Alternators & Starters',
    description: 'Alternators, starter motors and their parts',
    brands: ['Denso', 'Bosch', 'Mitsubishi', 'Hitachi'],
    products: ['Alternator', 'Starter Motor', 'Alternator Regulator', 'Starter Solenoid', 'Carbon Brush Set'],
    variants: ['12V 80A', '12V 100A', '12V 1.4kW', ''],
    fitted: true,
    cost: [1200, 75000],
  },
  {
    name: 'Sensors',
    description: 'Engine and ABS sensors',
    brands: ['Denso', 'Bosch', 'NGK', 'NTK'],
    products: ['Oxygen Sensor', 'Crankshaft Position Sensor', 'ABS Sensor', 'MAP Sensor', 'Coolant Temperature Sensor'],
    variants: ['89465-12A10', '234-4209', ''],
    fitted: true,
    cost: [2500, 32000],
  },
  {
    name: 'Tyres',
    description: 'Car, van and three-wheeler tyres',
    brands: ['Dunlop', 'Bridgestone', 'Yokohama', 'CEAT', 'DSI', 'GT Radial', 'Maxxis', 'Michelin'],
    products: ['Tyre', 'Tubeless Tyre', 'All Terrain Tyre'],
    variants: ['175/70 R13', '185/65 R14', '195/65 R15', '205/55 R16', '215/70 R15C', '4.00-8 Three-wheeler', '165/80 R13'],
    fitted: false,
    cost: [5500, 52000],
  },
  {
    name: 'Tubes & Valves',
    description: 'Inner tubes, valves and repair kits',
    brands: ['DSI', 'CEAT', 'Tip Top', 'Dunlop'],
    products: ['Inner Tube', 'Tubeless Valve', 'Tyre Patch Kit', 'Valve Cap Set'],
    variants: ['R13', 'R14', '4.00-8', ''],
    fitted: false,
    cost: [100, 3500],
  },
  {
    name: 'Horns',
    description: 'Horns and buzzers',
    brands: ['Bosch', 'Hella', 'Uno Minda'],
    products: ['Horn Set 12V', 'Air Horn', 'Reverse Buzzer', 'Disc Horn'],
    variants: ['High/Low', '110dB', ''],
    fitted: false,
    cost: [650, 9000],
  },
  {
    name: 'Mirrors',
    description: 'Side mirrors and mirror glass',
    brands: ['Toyota Genuine', 'Depo', 'TYC', 'Honda Genuine'],
    products: ['Side Mirror Left', 'Side Mirror Right', 'Mirror Glass', 'Rear View Mirror'],
    variants: ['Electric', 'Manual', ''],
    fitted: true,
    cost: [1200, 28000],
  },
  {
    name: 'Lights & Lamps',
    description: 'Head lamps, tail lamps and fog lamps',
    brands: ['Depo', 'TYC', 'Koito', 'Stanley'],
    products: ['Head Lamp Assembly', 'Tail Lamp Assembly', 'Fog Lamp', 'Side Indicator Lamp'],
    variants: ['Left', 'Right', ''],
    fitted: true,
    cost: [1500, 45000],
  },
  {
    name: 'Fuses & Relays',
    description: 'Blade fuses, fuse boxes and relays',
    brands: ['Bosch', 'Hella', 'Littelfuse', 'Denso'],
    products: ['Blade Fuse Set', 'Relay 12V 4-Pin', 'Fuse', 'Flasher Relay'],
    variants: ['10A', '15A', '20A', '30A', ''],
    fitted: false,
    cost: [40, 2500],
  },
  {
    name: 'Accessories',
    description: 'Seat covers, mats and interior accessories',
    brands: ['Sparco', 'Autofurnish', 'Generic', 'Tata'],
    products: ['Seat Cover Set', 'Floor Mat Set', 'Steering Cover', 'Mud Flap Set', 'Car Perfume', 'Sun Shade'],
    variants: ['Black', 'Beige', 'Grey', ''],
    fitted: true,
    cost: [350, 22000],
  },
  {
    name: 'Car Care',
    description: 'Shampoos, polishes and cleaners',
    brands: ['Turtle Wax', "Meguiar's", '3M', 'Sonax', 'WD-40', 'Formula 1'],
    products: ['Car Shampoo', 'Wax Polish', 'Dashboard Shine', 'Glass Cleaner', 'Tyre Shine', 'Rust Remover'],
    variants: ['500ml', '1L', '300ml', '5L'],
    fitted: false,
    cost: [450, 7500],
  },
  {
    name: 'Tools',
    description: 'Workshop hand tools and jacks',
    brands: ['Stanley', 'Tolsen', 'Bosch', 'Ingco', 'Total'],
    products: ['Spanner Set', 'Socket Set', 'Hydraulic Jack', 'Wheel Spanner', 'Tyre Pressure Gauge', 'Screwdriver Set'],
    variants: ['8 pcs', '24 pcs', '2 Ton', '17mm', ''],
    fitted: false,
    cost: [600, 35000],
  },
  {
    name: 'Fasteners',
    description: 'Wheel nuts, studs, clips and bolts',
    brands: ['Generic', 'Toyota Genuine', 'Honda Genuine'],
    products: ['Wheel Nut', 'Wheel Stud', 'Clip Assortment', 'Bolt Kit', 'Bumper Clip'],
    variants: ['M12x1.5', 'M8', '100 pcs', ''],
    fitted: false,
    cost: [30, 2500],
  },
  {
    name: 'Fuel System',
    description: 'Fuel pumps, injectors and carburettor kits',
    brands: ['Denso', 'Bosch', 'Keihin', 'Mikuni'],
    products: ['Fuel Pump', 'Fuel Injector', 'Carburetor Repair Kit', 'Throttle Body Cleaner', 'Fuel Tank Cap'],
    variants: ['23220-21140', '400ml', ''],
    fitted: true,
    cost: [700, 45000],
  },
  {
    name: 'Exhaust',
    description: 'Silencers, gaskets and hangers',
    brands: ['Bosal', 'Walker', 'Generic', 'Toyota Genuine'],
    products: ['Silencer', 'Exhaust Gasket', 'Catalytic Converter', 'Exhaust Hanger Rubber', 'Exhaust Pipe Front'],
    variants: ['', 'Stainless Steel'],
    fitted: true,
    cost: [250, 85000],
  },
];

/** Makes and models seen on Sri Lankan roads. */
export const vehicleModels: readonly { make: string; models: readonly string[] }[] = [
  { make: 'Toyota', models: ['Axio', 'Premio', 'Corolla', 'Vitz', 'Aqua', 'Prius', 'Hiace', 'KDH', 'Allion', 'CHR', 'Land Cruiser Prado', 'Hilux'] },
  { make: 'Suzuki', models: ['Alto', 'Wagon R', 'Swift', 'Every', 'Celerio', 'Spacia', 'Maruti 800'] },
  { make: 'Honda', models: ['Fit', 'Vezel', 'Civic', 'Grace', 'Insight', 'CR-V'] },
  { make: 'Nissan', models: ['Sunny', 'Leaf', 'X-Trail', 'Caravan', 'March', 'Dayz'] },
  { make: 'Mitsubishi', models: ['Lancer', 'Montero', 'L200', 'Outlander', 'Pajero'] },
  { make: 'Mazda', models: ['Demio', 'Axela', 'Bongo'] },
  { make: 'Hyundai', models: ['Elantra', 'Tucson', 'Grand i10', 'Santa Fe'] },
  { make: 'Kia', models: ['Picanto', 'Sorento', 'Sportage'] },
  { make: 'Micro', models: ['Panda', 'Trend'] },
  { make: 'Perodua', models: ['Axia', 'Bezza', 'Viva'] },
  { make: 'Bajaj', models: ['RE Three-wheeler', 'Pulsar 150', 'CT 100'] },
  { make: 'TVS', models: ['King Three-wheeler', 'Apache'] },
  { make: 'Tata', models: ['Nano', 'Indica', 'Ace'] },
  { make: 'Isuzu', models: ['Elf', 'D-Max'] },
  { make: 'Mahindra', models: ['Bolero', 'KUV100', 'Scorpio'] },
];

/** Vehicles a part name says it fits. */
export const fitments: readonly string[] = vehicleModels
  .filter((v) => !['Bajaj', 'TVS'].includes(v.make))
  .flatMap((v) => v.models.slice(0, 4).map((model) => `${v.make} ${model}`));

export const firstNames: readonly string[] = [
  'Nimal', 'Kamal', 'Sunil', 'Saman', 'Kasun', 'Chamara', 'Ruwan', 'Pradeep', 'Mahesh', 'Nuwan', 'Tharindu', 'Lahiru',
  'Dinesh', 'Asanka', 'Chathura', 'Sanjeewa', 'Upul', 'Lasith', 'Dasun', 'Isuru', 'Janaka', 'Roshan', 'Buddhika', 'Gayan',
  'Harsha', 'Amila', 'Kapila', 'Thilina', 'Ravindu', 'Sampath', 'Chaminda', 'Priyantha', 'Ajith', 'Duminda', 'Shehan',
  'Dilini', 'Nadeesha', 'Chamari', 'Sanduni', 'Ishara', 'Madhavi', 'Nirosha', 'Kavindi', 'Anusha', 'Shanika', 'Thilini',
  'Sachini', 'Hiruni', 'Dulani', 'Iresha', 'Malsha', 'Sewwandi', 'Suresh', 'Rajesh', 'Kumar', 'Senthil', 'Prakash', 'Vijay',
  'Arun', 'Karthik', 'Priya', 'Kavitha', 'Lakshmi', 'Nithya', 'Mohamed', 'Fazil', 'Rizwan', 'Imran', 'Farook', 'Nazeer',
  'Fathima', 'Ayesha', 'Rifka', 'Shiran', 'Dilan', 'Yasas', 'Pasindu', 'Sahan', 'Oshadha', 'Ridma',
];

export const surnames: readonly string[] = [
  'Perera', 'Fernando', 'Silva', 'de Silva', 'Jayasuriya', 'Bandara', 'Wickramasinghe', 'Rajapaksha', 'Gunawardena',
  'Dissanayake', 'Jayawardena', 'Herath', 'Rathnayake', 'Senanayake', 'Karunaratne', 'Wijesinghe', 'Amarasinghe',
  'Ekanayake', 'Kumara', 'Weerasinghe', 'Mendis', 'Peiris', 'Gunasekara', 'Samarasinghe', 'Liyanage', 'Munasinghe',
  'Abeysekera', 'Ranasinghe', 'Jayasinghe', 'Hettiarachchi', 'Wijeratne', 'Kodikara', 'Pathirana', 'Rajaratnam',
  'Sivakumar', 'Thiruchelvam', 'Selvaraj', 'Navaratnam', 'Kandiah', 'Marikar', 'Cassim', 'Ismail', 'Hameed', 'Jiffry',
];

export const businessNames: readonly string[] = [
  'Transport', 'Tours', 'Motors', 'Cabs', 'Logistics', 'Enterprises', 'Holdings', 'Traders', 'Construction', 'Rent A Car',
];

export const cities: readonly string[] = [
  'Colombo 03', 'Colombo 05', 'Colombo 06', 'Dehiwala', 'Mount Lavinia', 'Nugegoda', 'Maharagama', 'Kottawa', 'Moratuwa',
  'Panadura', 'Kalutara', 'Negombo', 'Gampaha', 'Kadawatha', 'Kiribathgoda', 'Ja-Ela', 'Wattala', 'Kaduwela', 'Malabe',
  'Battaramulla', 'Kandy', 'Peradeniya', 'Kurunegala', 'Galle', 'Matara', 'Hambantota', 'Ratnapura', 'Badulla',
  'Nuwara Eliya', 'Anuradhapura', 'Polonnaruwa', 'Jaffna', 'Trincomalee', 'Batticaloa', 'Chilaw', 'Puttalam', 'Avissawella',
];

export const streets: readonly string[] = [
  'Galle Road', 'Kandy Road', 'High Level Road', 'Baseline Road', 'Temple Road', 'Station Road', 'Main Street',
  'Hospital Road', 'Church Road', 'School Lane', 'Lake Road', 'Old Road', 'New Road', 'Negombo Road', 'Kurunegala Road',
  'Parliament Road', 'Duplication Road', 'Sri Sangaraja Mawatha', 'Pannipitiya Road', 'Horana Road',
];

export const emailDomains: readonly string[] = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'sltnet.lk', 'outlook.com'];

/** Mobile prefixes of Sri Lankan operators. */
export const phonePrefixes: readonly string[] = ['070', '071', '072', '074', '075', '076', '077', '078'];

/** Plate letters: two or three letters, as on current Sri Lankan plates. */
export const plateLetters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** What a garage sells as labour, by the kind of vehicle it is done on. */
export const serviceKinds: readonly { name: string; price: readonly [number, number] }[] = [
  { name: 'Full Service', price: [8000, 25000] },
  { name: 'Oil Change', price: [1500, 4000] },
  { name: 'Body Wash', price: [800, 2500] },
  { name: 'Wash and Vacuum', price: [1200, 3500] },
  { name: 'Undercarriage Wash', price: [1000, 3000] },
  { name: 'Wheel Alignment', price: [2500, 6000] },
  { name: 'Wheel Balancing', price: [1500, 4000] },
  { name: 'Brake Service', price: [3000, 9000] },
  { name: 'Engine Tune Up', price: [5000, 15000] },
  { name: 'Engine Scanning', price: [2000, 5000] },
  { name: 'A/C Service', price: [4500, 12000] },
  { name: 'A/C Gas Refill', price: [3500, 9000] },
  { name: 'Battery Check', price: [300, 1000] },
  { name: 'Hybrid Battery Check', price: [3000, 8000] },
  { name: 'Suspension Check', price: [1500, 4000] },
  { name: 'Clutch Overhaul', price: [12000, 35000] },
  { name: 'Gearbox Overhaul', price: [25000, 90000] },
  { name: 'Engine Overhaul', price: [60000, 250000] },
  { name: 'Radiator Flush', price: [2500, 6000] },
  { name: 'Cut and Polish', price: [6000, 18000] },
  { name: 'Interior Detailing', price: [5000, 15000] },
  { name: 'Nano Coating', price: [20000, 60000] },
  { name: 'Tyre Fitting', price: [400, 1500] },
  { name: 'Puncture Repair', price: [300, 800] },
  { name: 'Headlight Restoration', price: [2500, 6000] },
  { name: 'Timing Belt Replacement', price: [6000, 18000] },
  { name: 'Injector Cleaning', price: [4000, 12000] },
  { name: 'Throttle Body Cleaning', price: [2000, 5000] },
  { name: 'Spark Plug Replacement', price: [1000, 3000] },
  { name: 'Diagnostic Inspection', price: [2500, 7500] },
  { name: 'Electrical Repair', price: [2000, 15000] },
  { name: 'Paint Touch Up', price: [3000, 12000] },
  { name: 'Windscreen Replacement', price: [4000, 10000] },
  { name: 'Emission Test Preparation', price: [1500, 4000] },
];

export const serviceVehicleClasses: readonly { name: string; factor: number }[] = [
  { name: 'Car', factor: 1 },
  { name: 'Hybrid Car', factor: 1.15 },
  { name: 'SUV', factor: 1.35 },
  { name: 'Van', factor: 1.3 },
  { name: 'Three-wheeler', factor: 0.5 },
  { name: 'Motorcycle', factor: 0.35 },
  { name: 'Lorry', factor: 1.8 },
  { name: 'Jeep', factor: 1.4 },
];

/** What a customer says is wrong (a job card's Problem Description), and what the mechanic did about it. */
export const jobProblems: readonly { problem: string; actions: readonly string[] }[] = [
  { problem: 'Full service due', actions: ['Full service done, engine oil and oil filter replaced', 'Full service done, air filter cleaned', 'Service done, brake fluid topped up'] },
  { problem: 'Oil change', actions: ['Engine oil and filter replaced', 'Oil changed, drain plug washer replaced'] },
  { problem: 'Brake noise when stopping', actions: ['Front brake pads replaced', 'Brake pads and discs replaced', 'Rear brake shoes adjusted'] },
  { problem: 'AC not cooling', actions: ['A/C gas refilled, leak checked', 'Cabin filter replaced, A/C serviced', 'Compressor relay replaced'] },
  { problem: 'Engine check light on', actions: ['Scanned, O2 sensor replaced', 'Scanned, codes cleared, spark plugs replaced', 'Throttle body cleaned'] },
  { problem: 'Vibration at high speed', actions: ['Wheel balancing and alignment done', 'Front tyres replaced, wheels balanced'] },
  { problem: 'Hard starting in the morning', actions: ['Battery replaced', 'Starter motor serviced', 'Spark plugs and fuel filter replaced'] },
  { problem: 'Overheating', actions: ['Radiator flushed, coolant replaced', 'Thermostat replaced', 'Radiator fan motor replaced'] },
  { problem: 'Noise from suspension', actions: ['Front shock absorbers replaced', 'Link rods and bushes replaced', 'Suspension checked, nothing found'] },
  { problem: 'Clutch slipping', actions: ['Clutch plate and pressure plate replaced', 'Clutch overhaul done'] },
  { problem: 'Hybrid warning light', actions: ['Hybrid battery checked, cells balanced', 'Inverter coolant pump replaced'] },
  { problem: 'Wash and vacuum', actions: ['Washed and vacuumed'] },
  { problem: 'Headlights dim', actions: ['Headlight restoration done', 'Bulbs replaced'] },
  { problem: 'Pre-trip inspection', actions: ['Inspection done, tyre pressures set', 'Inspection done, wipers replaced'] },
  { problem: 'Accident repair estimate', actions: ['Bumper repaired and painted', 'Paint touch up done'] },
];

/** A job's note, when it has one. */
export const jobNotes: readonly string[] = [
  'Customer waiting', 'Call before replacing parts', 'Keep old parts', 'Customer brings own oil', 'Company vehicle: send invoice to office',
  'Check again next service', 'Spare key left at counter', 'Insurance job',
];
