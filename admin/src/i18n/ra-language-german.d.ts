declare module 'ra-language-german' {
  const messages: { [key: string]: string | typeof messages };
  export default messages;
}
