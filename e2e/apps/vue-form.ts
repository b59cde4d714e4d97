// A Vue form with v-model: the model changes only when Vue sees input events.
import { createApp } from 'vue/dist/vue.esm-bundler.js';

createApp({
  data: () => ({ city: '', size: 'm' }),
  template: `<label>City <input v-model="city"></label>
    <label>Size <select v-model="size"><option value="s">Small</option><option value="m">Medium</option><option value="l">Large</option></select></label>
    <p id="vue-echo">Vue sees: {{ city }} / {{ size }}</p>`,
}).mount('#app');
