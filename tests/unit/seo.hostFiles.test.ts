// Robots.txt and sitemap.xml are written from the tenant map and the configured base
// URL (here the embedded default, http://localhost:3000), never from the request's Host.
import { describe, expect, it } from 'vitest';
import { robotsFor, sitemapFor } from '@/seo/hostFiles';

describe('host files', () => {
  it('name the live https host for a tenant domain', () => {
    expect(robotsFor('prague-bagberth.cz').body).toContain('Sitemap: https://prague-bagberth.cz/sitemap.xml');
    expect(sitemapFor('prague-bagberth.cz').body).toContain('<loc>https://prague-bagberth.cz/</loc>');
  });

  it('name a local preview on the base URL port, whatever port the request came in on', () => {
    expect(robotsFor('prague-bagberth.cz.localhost').body).toContain(
      'Sitemap: http://prague-bagberth.cz.localhost:3000/sitemap.xml',
    );
  });

  it('name the microsites host as the base URL gives it', () => {
    expect(robotsFor('localhost').body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('answer 404 with the spec message for an unknown host, echoing nothing', () => {
    const file = sitemapFor('<script>.example');
    expect(file).toMatchObject({ status: 404, body: 'No mapping found for origin\n' });
  });
});
