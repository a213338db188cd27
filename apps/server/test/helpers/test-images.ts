import sharp from 'sharp';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A small jpeg whose EXIF holds a camera's copyright and a GPS position (Podgorica). */
export const jpegWithGps = () =>
  picture(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Tajna kamera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 26/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '19/1 15/1 0/1',
      },
    })
    .toBuffer();

export const smallPng = () => picture(40, 30).png().toBuffer();

/** A jpeg of random pixels, which do not compress: about 3 MB. */
export const threeMegabyteJpeg = () => {
  const width = 1400;
  const height = 1400;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
};

/** A png of one colour that declares 7 000 × 7 000 pixels: tiny on the wire, 147 MB decoded. */
export const decompressionBombPng = () => picture(7000, 7000).png({ compressionLevel: 9 }).toBuffer();

/** The tag that points to the GPS block of an EXIF header (0x8825, little-endian as sharp writes it). */
export const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
