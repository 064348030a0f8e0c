// The plain ES build (without the ".all" CSS injector); its API is the package's default export.
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import Swal from 'sweetalert2';
  export default Swal;
}
