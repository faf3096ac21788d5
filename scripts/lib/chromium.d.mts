export declare const CHROMIUM_LAUNCH: Readonly<{ executablePath: string; args: string[] }>;
