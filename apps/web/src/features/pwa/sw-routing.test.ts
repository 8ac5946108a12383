import { describe, expect, it } from 'vitest';
import { cacheName, routeRequest, type SwRequest } from './sw-routing';

const origin = 'https://auction.example.com';
const get = (path: string, mode = 'cors'): SwRequest => ({ url: `${origin}${path}`, method: 'GET', mode });

describe('service worker routing', () => {
  it('answers page loads network first (index.html offline), whatever the path or hash', () => {
    expect(routeRequest(get('/', 'navigate'), origin)).toBe('navigation');
    expect(routeRequest(get('/index.html', 'navigate'), origin)).toBe('navigation');
    expect(routeRequest(get('/?from=share#/pages/my/my', 'navigate'), origin)).toBe('navigation');
  });

  it('serves the hashed build files cache first', () => {
    expect(routeRequest(get('/assets/app-3f9a1c2e.js'), origin)).toBe('asset');
    expect(routeRequest(get('/assets/app-77aa0b1d.css'), origin)).toBe('asset');
    expect(routeRequest(get('/assets/zh-hans.locale-1b2c3d4e.js'), origin)).toBe('asset');
  });

  it('serves the unhashed public files network first', () => {
    expect(routeRequest(get('/favicon.svg'), origin)).toBe('static');
    expect(routeRequest(get('/manifest.webmanifest'), origin)).toBe('static');
    expect(routeRequest(get('/icons/icon-192.png'), origin)).toBe('static');
  });

  it('never touches the API, its live stream, uploads, the console, the health check or the docs', () => {
    for (const path of [
      '/v1/iyd/index?version=1.0.0&channel=App',
      '/v1/iyd/auction/stream?ids=1,2',
      '/v1/accounts/info',
      '/files/2026/11/avatar.jpg',
      '/admin/',
      '/admin/assets/index-abc.js',
      '/admin',
      '/healthz',
      '/docs/json',
      '/sw.js',
    ]) {
      expect(routeRequest(get(path), origin), path).toBe('bypass');
      expect(routeRequest(get(path, 'navigate'), origin), path).toBe('bypass');
    }
  });

  it('leaves alone other origins and anything but GET', () => {
    expect(routeRequest({ url: 'https://cdn.example.net/assets/x.js', method: 'GET', mode: 'cors' }, origin)).toBe(
      'bypass',
    );
    expect(routeRequest({ ...get('/assets/app-3f9a1c2e.js'), method: 'HEAD' }, origin)).toBe('bypass');
    expect(routeRequest({ ...get('/', 'navigate'), method: 'POST' }, origin)).toBe('bypass');
  });

  it('does not mistake a path that merely starts like the API for it', () => {
    expect(routeRequest(get('/v1x.png'), origin)).toBe('static');
    expect(routeRequest(get('/administrator.png'), origin)).toBe('static');
  });

  it('names one cache per build', () => {
    expect(cacheName('a1b2c3d4')).toBe('antique-shell-a1b2c3d4');
  });
});
