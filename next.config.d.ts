import type { NextConfig } from 'next';

declare const config: (phase: string) => NextConfig & { i18n: NonNullable<NextConfig['i18n']> };
export = config;
