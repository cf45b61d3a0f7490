export default defineBackground(() => {
  console.log('weft background');
});
