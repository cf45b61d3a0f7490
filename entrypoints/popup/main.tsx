import { render } from 'preact';
import { App } from './App';
import { takeShell } from './search/search-shell';

render(<App typed={takeShell(document)} />, document.getElementById('app')!);
