import type { Fuel, Transmission } from "@car-rental/shared/constants";

/** A car of the seed fleet, in the API's field names. */
export type FleetCar = {
  name: string;
  category: string;
  /** Pesos per day, a decimal string. */
  dailyRate: string;
  seats: number;
  transmission: Transmission;
  fuel: Fuel;
  /** Two sentences for the fleet card and the booking page. */
  description: string;
  /** Fuel economy in mixed driving, always written `<n> km/L`. */
  mileage: string;
  year: number;
  /** Philippine plate: three letters, a space, four digits. */
  plateNumber: string;
  available: boolean;
  /** A picture file in `carPicturesDir`, served as `/cars/<image>`. */
  image: string;
};

/** The newest model year in the fleet as written; `seedFleet({year})` shifts every year by the same amount. */
export const NEWEST_FLEET_YEAR = 2025;

/** The shop's fleet: realistic Philippine rental models at provincial rates. */
export const fleet: readonly FleetCar[] = [
  // Premium SUV
  {
    name: "Toyota Fortuner 2.8 Q",
    category: "Premium SUV",
    dailyRate: "4500.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "The family favourite for long drives to Baguio or Manila, with a strong diesel and three rows of seats. Roomy, high off the ground and sure-footed on provincial roads in the rainy season.",
    mileage: "11 km/L",
    year: 2024,
    plateNumber: "NDA 4821",
    available: true,
    image: "toyota-fortuner.svg",
  },
  {
    name: "Mitsubishi Montero Sport GLS",
    category: "Premium SUV",
    dailyRate: "4300.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A smooth eight-speed automatic and a quiet cabin make this seven-seater easy company on the highway. Plenty of space for luggage and pasalubong on the way home.",
    mileage: "12 km/L",
    year: 2023,
    plateNumber: "NCT 7315",
    available: true,
    image: "mitsubishi-montero-sport.svg",
  },
  {
    name: "Ford Everest Titanium",
    category: "Premium SUV",
    dailyRate: "5000.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "Our flagship SUV, with leather seats, a large touchscreen and advanced driver assists. Ideal for executives, weddings and special occasions.",
    mileage: "11 km/L",
    year: 2025,
    plateNumber: "NGH 2059",
    available: true,
    image: "ford-everest.svg",
  },
  {
    name: "Nissan Terra VE",
    category: "Premium SUV",
    dailyRate: "4000.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A comfortable body-on-frame SUV with generous legroom in all three rows. It handles rough barangay roads and beach trips to Bolinao with ease.",
    mileage: "11 km/L",
    year: 2022,
    plateNumber: "NAQ 6390",
    available: true,
    image: "nissan-terra.svg",
  },
  {
    name: "Isuzu mu-X LS-A",
    category: "Premium SUV",
    dailyRate: "4200.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "An economical diesel SUV known for its reliability and low running costs. Seven seats and air vents for every row keep the whole family cool.",
    mileage: "13 km/L",
    year: 2023,
    plateNumber: "NEK 1187",
    available: false,
    image: "isuzu-mu-x.svg",
  },
  // Adventure SUV
  {
    name: "Toyota Rush G",
    category: "Adventure SUV",
    dailyRate: "3000.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A compact seven-seater that is easy to park in town yet tall enough for flooded streets. A practical choice for small families and barkada trips.",
    mileage: "13 km/L",
    year: 2023,
    plateNumber: "NBR 5402",
    available: true,
    image: "toyota-rush.svg",
  },
  {
    name: "Mitsubishi Xpander Cross",
    category: "Adventure SUV",
    dailyRate: "3200.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "Crossover looks with the roominess of an MPV and extra ground clearance. Flexible seating folds flat for surfboards or balikbayan boxes.",
    mileage: "14 km/L",
    year: 2024,
    plateNumber: "NFX 3376",
    available: true,
    image: "mitsubishi-xpander-cross.svg",
  },
  {
    name: "Suzuki Jimny GLX",
    category: "Adventure SUV",
    dailyRate: "3500.00",
    seats: 4,
    transmission: "Manual",
    fuel: "Gas",
    description:
      "A small, tough four-by-four with a real low-range transfer case for mountain roads. Great fun for two on the coastal drive to the Hundred Islands viewpoints.",
    mileage: "13 km/L",
    year: 2022,
    plateNumber: "NJM 8014",
    available: true,
    image: "suzuki-jimny.svg",
  },
  {
    name: "Honda BR-V S",
    category: "Adventure SUV",
    dailyRate: "3300.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A refined seven-seater with Honda Sensing safety features and a smooth CVT. Comfortable for city errands and weekend out-of-town trips alike.",
    mileage: "15 km/L",
    year: 2024,
    plateNumber: "NHB 2648",
    available: true,
    image: "honda-br-v.svg",
  },
  {
    name: "Toyota Raize 1.0 Turbo",
    category: "Adventure SUV",
    dailyRate: "3000.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A nimble compact crossover with a thrifty turbo engine and modern tech. Perfect for couples and small groups exploring Pangasinan.",
    mileage: "17 km/L",
    year: 2023,
    plateNumber: "NRZ 9051",
    available: true,
    image: "toyota-raize.svg",
  },
  {
    name: "Toyota Corolla Cross 1.8 V Hybrid",
    category: "Adventure SUV",
    dailyRate: "3800.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Hybrid",
    description:
      "A quiet hybrid crossover that sips fuel in traffic and glides on the highway. The easy pick for long trips when you want to spend less at the pump.",
    mileage: "22 km/L",
    year: 2024,
    plateNumber: "NCC 4470",
    available: true,
    image: "toyota-corolla-cross.svg",
  },
  // Compact Sedan
  {
    name: "Toyota Vios 1.3 XLE CVT",
    category: "Compact Sedan",
    dailyRate: "2000.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "The country's best-selling sedan: economical, reliable and easy to drive. A sensible choice for business trips and city driving.",
    mileage: "18 km/L",
    year: 2023,
    plateNumber: "NAV 1032",
    available: true,
    image: "toyota-vios.svg",
  },
  {
    name: "Toyota Vios 1.3 XE",
    category: "Compact Sedan",
    dailyRate: "1800.00",
    seats: 5,
    transmission: "Manual",
    fuel: "Gas",
    description:
      "A no-nonsense manual Vios for drivers who like to shift for themselves. Light on fuel and on the budget.",
    mileage: "19 km/L",
    year: 2020,
    plateNumber: "AAV 5519",
    available: true,
    image: "toyota-vios.svg",
  },
  {
    name: "Honda City 1.5 V",
    category: "Compact Sedan",
    dailyRate: "2500.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A stylish sedan with a surprisingly large trunk and rear legroom. Smooth, quiet and well equipped for a comfortable ride.",
    mileage: "17 km/L",
    year: 2024,
    plateNumber: "NHC 6284",
    available: true,
    image: "honda-city.svg",
  },
  {
    name: "Mitsubishi Mirage G4 GLX",
    category: "Compact Sedan",
    dailyRate: "1800.00",
    seats: 5,
    transmission: "Manual",
    fuel: "Gas",
    description:
      "Our most affordable sedan, with a frugal three-cylinder engine. Easy to park in busy town centres and on narrow streets.",
    mileage: "20 km/L",
    year: 2021,
    plateNumber: "ABM 3907",
    available: true,
    image: "mitsubishi-mirage-g4.svg",
  },
  {
    name: "Nissan Almera 1.0 Turbo VE",
    category: "Compact Sedan",
    dailyRate: "2300.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A modern sedan with a peppy turbo engine and a roomy rear seat. Comfortable for airport runs to Clark or NAIA.",
    mileage: "18 km/L",
    year: 2024,
    plateNumber: "NNA 7742",
    available: true,
    image: "nissan-almera.svg",
  },
  {
    name: "Suzuki Dzire GL AGS",
    category: "Compact Sedan",
    dailyRate: "1800.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A compact, fuel-sipping sedan with an easy automated gearbox. Ideal for solo travellers and short errands around Alaminos.",
    mileage: "20 km/L",
    year: 2022,
    plateNumber: "NDZ 2215",
    available: true,
    image: "suzuki-dzire.svg",
  },
  // MPV
  {
    name: "Toyota Innova 2.8 E",
    category: "MPV",
    dailyRate: "3500.00",
    seats: 8,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "The trusted people-mover of Filipino families, with room for eight and their bags. Durable, comfortable and economical on long trips.",
    mileage: "12 km/L",
    year: 2022,
    plateNumber: "NIN 4093",
    available: true,
    image: "toyota-innova.svg",
  },
  {
    name: "Mitsubishi Xpander GLS",
    category: "MPV",
    dailyRate: "3000.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Gas",
    description:
      "A spacious seven-seater MPV with a smooth ride and good fuel economy. The easy choice for family outings and reunions.",
    mileage: "14 km/L",
    year: 2023,
    plateNumber: "NXP 6627",
    available: true,
    image: "mitsubishi-xpander.svg",
  },
  {
    name: "Suzuki Ertiga Hybrid GLX",
    category: "MPV",
    dailyRate: "3000.00",
    seats: 7,
    transmission: "Automatic",
    fuel: "Hybrid",
    description:
      "A mild-hybrid seven-seater that keeps fuel costs low for the whole family. Light steering and a compact size make it easy to drive in town.",
    mileage: "18 km/L",
    year: 2025,
    plateNumber: "NET 1358",
    available: true,
    image: "suzuki-ertiga.svg",
  },
  // Van
  {
    name: "Toyota Hiace Commuter Deluxe",
    category: "Van",
    dailyRate: "5000.00",
    seats: 15,
    transmission: "Manual",
    fuel: "Diesel",
    description:
      "A fifteen-seater for group tours, company outings and island-hopping trips. Usually rented with one of our professional drivers.",
    mileage: "9 km/L",
    year: 2021,
    plateNumber: "NHA 8831",
    available: true,
    image: "toyota-hiace-commuter.svg",
  },
  {
    name: "Toyota Hiace GL Grandia",
    category: "Van",
    dailyRate: "6000.00",
    seats: 12,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A premium van with captain-style seats, dual air-conditioning and a high roof. The comfortable way to bring a big group to a wedding or the airport.",
    mileage: "9 km/L",
    year: 2024,
    plateNumber: "NGG 3604",
    available: false,
    image: "toyota-hiace-gl-grandia.svg",
  },
  {
    name: "Nissan Urvan NV350 Premium",
    category: "Van",
    dailyRate: "4500.00",
    seats: 15,
    transmission: "Manual",
    fuel: "Diesel",
    description:
      "A roomy, dependable van with a strong diesel for full loads on mountain roads. A favourite for church groups and family reunions.",
    mileage: "10 km/L",
    year: 2019,
    plateNumber: "AUV 2947",
    available: true,
    image: "nissan-urvan.svg",
  },
  // Pickup
  {
    name: "Toyota Hilux Conquest 2.8 4x4",
    category: "Pickup",
    dailyRate: "4000.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A rugged four-by-four pickup that carries people and cargo wherever the road ends. Built for farm visits, moving day and off-road adventures.",
    mileage: "11 km/L",
    year: 2023,
    plateNumber: "NHL 5176",
    available: true,
    image: "toyota-hilux.svg",
  },
  {
    name: "Ford Ranger Wildtrak",
    category: "Pickup",
    dailyRate: "4500.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A well-equipped pickup with a comfortable cabin and a big, lined cargo bed. Tough enough for work and refined enough for the weekend.",
    mileage: "11 km/L",
    year: 2025,
    plateNumber: "NFR 9402",
    available: true,
    image: "ford-ranger.svg",
  },
  {
    name: "Nissan Navara VL 4x2",
    category: "Pickup",
    dailyRate: "3800.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Diesel",
    description:
      "A pickup with coil-spring rear suspension for a car-like ride. Practical for hauling equipment with a comfortable cabin for the crew.",
    mileage: "12 km/L",
    year: 2022,
    plateNumber: "NNV 3318",
    available: true,
    image: "nissan-navara.svg",
  },
];
