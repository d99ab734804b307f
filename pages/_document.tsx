import Document, { Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { ServerStyleSheet } from 'styled-components';
import { MARK_RECORDED_CONSENT_SCRIPT } from '@/consent/markRecordedConsent';
import { PaintFirstHead } from '@/shell/document/PaintFirstHead';

/** Collects styled-components CSS during server rendering so pages arrive styled. */
export default class MicrositesDocument extends Document {
  static async getInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps> {
    const sheet = new ServerStyleSheet();
    const renderPage = ctx.renderPage;
    try {
      ctx.renderPage = () => renderPage({ enhanceApp: (App) => (props) => sheet.collectStyles(<App {...props} />) });
      const initialProps = await Document.getInitialProps(ctx);
      return { ...initialProps, styles: [initialProps.styles, sheet.getStyleElement()] };
    } finally {
      sheet.seal();
    }
  }

  render() {
    return (
      <Html lang={this.props.locale ?? 'en'}>
        <PaintFirstHead>
          <meta name="theme-color" content="#0b6e4f" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {/* Before the body is parsed: a returning visitor's recorded choice hides the cookie banner. */}
          <script dangerouslySetInnerHTML={{ __html: MARK_RECORDED_CONSENT_SCRIPT }} />
        </PaintFirstHead>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
