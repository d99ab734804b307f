// JSON placed in inline scripts (structured data, the script starter) can neither end the script nor a line.
import { jsonForInlineScript } from '@/base/jsonForInlineScript';
import { faqPageJsonLd } from '@/seo/jsonLd';

describe('jsonForInlineScript', () => {
  const hostile = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029' };

  it('leaves nothing that could end the script element or a line', () => {
    const json = jsonForInlineScript(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u0026');
    expect(json).toContain('\\u2028\\u2029');
  });

  it('parses back to the same value', () => {
    const value = { ...hostile, nested: [faqPageJsonLd([{ question: 'Q & A?', answer: '<b>yes</b>' }])] };
    expect(JSON.parse(jsonForInlineScript(value))).toEqual(value);
  });
});
