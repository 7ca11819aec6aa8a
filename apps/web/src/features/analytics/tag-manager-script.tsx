import Script from 'next/script';
import { validateContainerId } from './tag-manager';

/** Loads the tag manager only when the site config names a valid container (never in local runs). */
export function TagManagerScript({ containerId }: { containerId: string | undefined }) {
  const id = validateContainerId(containerId);
  if (!id) return null;
  return (
    <Script id="tag-manager" strategy="afterInteractive">
      {`(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(id)});`}
    </Script>
  );
}
