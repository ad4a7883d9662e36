/**
 * Passwords that guessing attacks try first (docs/product-guide.md#user: not one
 * of the most common passwords), compiled from the well-known public lists of leaked
 * passwords plus the Spanish-language and coffee-business ones staff would
 * reach for. Only entries of 8 or more characters are listed: shorter ones are
 * refused by the length rule anyway. Kept lower-case; matched case-insensitively
 * so "PassWord1" counts as "password1".
 */
const COMMON_PASSWORDS_LIST = [
  // numbers and keyboard walks
  '12345678', '123456789', '1234567890', '12345678910', '0123456789', '0987654321', '987654321', '87654321',
  '11111111', '111111111', '1111111111', '00000000', '000000000', '0000000000', '22222222', '33333333',
  '44444444', '55555555', '66666666', '77777777', '88888888', '99999999', '12121212', '11223344',
  '12341234', '12344321', '123123123', '123321123', '123454321', '1234554321', '10203040', '102030405',
  '147258369', '147852369', '159357456', '159753456', '741852963', '963852741', '123698745', '789456123',
  '456789123', '123654789', '321654987', '147258369a', '20202020', '19191919', '13131313', '69696969',
  '12345qwert', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4t5y6', '1qaz2wsx',
  '1qaz2wsx3edc', '1qazxsw2', 'zaq12wsx', 'zaq1zaq1', 'zaq1xsw2', '!qaz2wsx', 'qazwsxedc', 'qazwsx123',
  'qwertyuiop', 'qwertyui', 'qwerty12', 'qwerty123', 'qwerty1234', 'qwerty12345', 'qwerty123456', 'qwertyqwerty',
  'qwer1234', '1234qwer', 'qweasdzxc', '123qweasd', '123qweasdzxc', 'qweqweqwe', 'qwe123qwe', 'asdfghjk',
  'asdfghjkl', 'asdf1234', '1234asdf', 'asdfasdf', 'zxcvbnm1', 'zxcvbnm123', 'zxcvbnmm', 'azertyuiop',
  'azerty123', '1a2b3c4d', 'a1b2c3d4', 'a1b2c3d4e5', 'abcd1234', '1234abcd', 'abc12345', 'abc123456',
  'abcdefgh', 'abcdefg1', 'abcdefg123', 'abcd12345', 'aa123456', 'a1234567', 'a12345678', 'a123456789',
  '1234567a', '12345678a', '123456789a', '123456abc', '123abc123', 'abc123abc', 'aaaaaaaa', 'aaaaaaaaa',
  'qqqqqqqq', 'zzzzzzzz', 'xxxxxxxx', 'asdasdasd', 'asd123456', 'qwe123456', 'zxc123456', '1234567890q',
  // the word "password" and friends
  'password', 'password1', 'password12', 'password123', 'password1234', 'password12345', 'password!', 'password1!',
  'password2', 'password01', 'passw0rd', 'passw0rd1', 'p@ssw0rd', 'p@ssword', 'p@ssword1', 'p@55w0rd',
  'pa55word', 'pa55w0rd', 'passwort', 'passpass', 'pass1234', 'pass12345', 'passpass1', 'mypassword',
  'newpassword', 'thepassword', 'password2020', 'password2021', 'password2022', 'password2023', 'password2024', 'password2025',
  'password2026', 'changeme', 'changeme1', 'changeme123', 'letmein1', 'letmein123', 'letmeinnow', 'welcome1',
  'welcome12', 'welcome123', 'welcome2024', 'welcome2025', 'default1', 'default123', 'secret123', 'secret12',
  'topsecret', 'trustno1', 'trustme1', 'iloveyou', 'iloveyou1', 'iloveyou2', 'iloveyou!', 'iloveu123',
  'administrator', 'admin123', 'admin1234', 'admin12345', 'adminadmin', 'admin2024', 'admin2025', 'administrador',
  'administrador1', 'root1234', 'rootroot', 'toor1234', 'guest123', 'user1234', 'username', 'login123',
  'test1234', 'test12345', 'testtest', 'testing1', 'testing123', 'qwerty1!', 'access14', 'master12',
  'master123', 'masterkey', 'superuser', 'system123', 'computer', 'computer1', 'internet', 'internet1',
  // common English words, names and teams
  'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1', 'baseball', 'baseball1',
  'basketball', 'superman', 'superman1', 'batman123', 'spiderman', 'whatever', 'whatever1', 'starwars',
  'starwars1', 'michelle', 'jennifer', 'jessica1', 'michael1', 'charlie1', 'jonathan', 'samantha',
  'victoria', 'danielle', 'alexander', 'nicholas', 'christopher', 'elizabeth', 'patricia', 'veronica',
  'jordan23', 'corvette', 'mercedes', 'ferrari1', 'midnight', 'blink182', 'liverpool', 'chelsea1',
  'arsenal1', 'manchester', 'manutd99', 'cowboys1', 'steelers', 'yankees1', 'mustang1', 'harley01',
  'beautiful', 'butterfly', 'chocolate', 'cocacola', 'pokemon1', 'pokemon123', 'naruto123', 'minecraft',
  'fortnite', 'facebook', 'facebook1', 'google123', 'youtube1', 'instagram', 'iloveyou12', 'lovelove',
  'loveyou1', 'lovely123', 'monkey12', 'monkey123', 'dragon12', 'dragon123', 'shadow12', 'shadow123',
  'freedom1', 'sunflower', 'rainbow1', 'whiskey1', 'thunder1', 'hunter12', 'killer12', 'soccer12',
  'hockey12', 'qwertyu1', 'matrix123', 'phoenix1', 'silver12', 'golden12', 'diamond1', 'flower12',
  'summer2023', 'summer2024', 'summer2025', 'winter2023', 'winter2024', 'winter2025', 'spring2024', 'autumn2024',
  'january1', 'december', 'september', 'november', 'football12', 'baseball12', 'princesa', 'princesa1',
  // Spanish
  'contraseña', 'contrasena', 'contraseña1', 'contrasena1', 'contraseña123', 'contrasena123', 'contraseña1234', 'contrasena1234',
  'micontraseña', 'micontrasena', 'nuevacontraseña', 'nuevacontrasena', 'clave123', 'clave1234', 'clave12345', 'miclave1',
  'miclave123', 'claveclave', 'secreto1', 'secreto123', 'tequiero', 'tequiero1', 'tequiero123', 'tequieromucho',
  'teamo123', 'teamo1234', 'teamomucho', 'teamomucho1', 'tesamo123', 'miamor123', 'amormio1', 'amorcito',
  'amorcito1', 'amordemivida', 'hola1234', 'hola12345', 'hola123456', 'holahola', 'holamundo', 'holamundo1',
  'bienvenido', 'bienvenida', 'bienvenido1', 'bienvenida1', 'usuario1', 'usuario12', 'usuario123', 'usuario1234',
  'administrar', 'sistema1', 'sistema123', 'cambiar1', 'cambiame', 'cambiame1', 'cambiar123', 'acceso123',
  'entrar123', 'barcelona', 'barcelona1', 'realmadrid', 'realmadrid1', 'hala madrid', 'madrid123', 'atletico',
  'sevilla1', 'valencia', 'mexico123', 'mexico12', 'argentina', 'argentina1', 'colombia', 'colombia1',
  'colombia123', 'venezuela', 'venezuela1', 'guatemala', 'honduras', 'nicaragua', 'elsalvador', 'costarica',
  'panama123', 'ecuador1', 'peru1234', 'bolivia1', 'paraguay', 'uruguay1', 'chile123', 'españa123',
  'espana123', 'españa12', 'futbol123', 'futbol12', 'futbolista', 'america1', 'america123', 'chivas123',
  'boca1234', 'bocajuniors', 'riverplate', 'millonarios', 'nacional1', 'mariposa', 'mariposa1', 'corazon1',
  'corazones', 'estrella', 'estrella1', 'estrellita', 'angelito', 'angelito1', 'chocolate1', 'tesoro123',
  'gatito123', 'perrito1', 'princesita', 'bonita123', 'hermosa1', 'familia1', 'familia123', 'mifamilia',
  'alejandro', 'alejandra', 'francisco', 'fernando', 'guillermo', 'jose1234', 'juan1234', 'maria123',
  'mariajose', 'carlos123', 'daniela1', 'gabriela', 'valentina', 'sebastian', 'santiago', 'catalina',
  'jesus123', 'diosesamor', 'diosteama', 'diosmio1', 'dios1234', 'soloyo123', 'abcdefghij', 'qwertyñ1',
  'verano2024', 'verano2025', 'invierno2024', 'primavera', 'primavera1', 'enero2024', 'enero2025', 'septiembre',
  // this business: the obvious picks for a coffee back-office
  'cafe1234', 'cafe12345', 'cafe123456', 'cafecafe', 'cafe2024', 'cafe2025', 'cafe2026', 'micafe123',
  'cafetal1', 'cafetal123', 'cafeteria', 'cafetería', 'cafetero', 'cafetera', 'cafeverde', 'cafetostado',
  'cafemezcla', 'cafeconleche', 'cafedecolombia', 'cafeoro123', 'cappuccino', 'capuccino', 'espresso', 'expresso',
  'espresso1', 'arabica1', 'arabica123', 'robusta1', 'robusta123', 'tostado1', 'tostado123', 'tostador1',
  'tostaduria', 'inventario', 'inventario1', 'inventario123', 'ventas123', 'ventas1234', 'tecnico1', 'tecnico123',
  'tecnico1234', 'gestioncafe', 'gestiondecafe', 'sistemacafe', 'coffee123', 'coffee1234', 'coffeecoffee', 'ilovecoffee',
] as const;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST);

/** True when the password, ignoring case, is one that attackers try first. */
export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
