export declare const SERVER_NODE_ARGS: readonly string[];
export declare const SERVER_NODE_ENV: Readonly<Record<string, string>>;
