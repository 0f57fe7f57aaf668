import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Le corps de la requête n’est pas un JSON valide.',
  'error.badUrl': 'L’adresse de cette requête n’est pas valide.',
  'error.badRequest': 'La requête n’a pas pu être lue. Veuillez la renvoyer.',
  'error.crossSiteRequest':
    'Cette requête provient d’un autre site et a été refusée. Ouvrez la page sur ce serveur et réessayez.',
  'error.requestTimeout':
    'La requête a mis trop de temps à arriver et a été annulée. Vérifiez votre connexion et réessayez.',
  'error.invalidField': 'La requête contient un champ non valide : {{detail}}',
  'error.notLoggedIn': 'Veuillez d’abord vous connecter.',
  'error.wrongCredentials': 'Identifiant ou mot de passe incorrect.',
  'error.apiNotFound': 'Aucune API n’existe à l’adresse {{path}}.',
  'error.notFound': 'Rien n’a été trouvé à l’adresse {{path}}.',
  'error.versionNotFound': 'Cette version n’existe pas. Elle a peut-être été supprimée.',
  'error.versionNameTaken': 'Une version portant ce nom existe déjà.',
  'error.defaultVersionRequired':
    'Une version doit rester la version par défaut. Définissez plutôt une autre version par défaut.',
  'error.concurrentUpdate': 'Quelqu’un d’autre a modifié cet élément au même moment. Rechargez la page et réessayez.',
  'error.bodyTooLarge': 'La requête est trop volumineuse ({{max}} octets au maximum).',
  'error.unsupportedMediaType': 'Envoyez la requête au format JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Trop d’échecs de connexion. Réessayez dans {{minutes}} minutes.',
  'error.internal': 'Une erreur est survenue sur le serveur. Veuillez réessayer.',

  'error.field.required': 'Le champ « {{field}} » est obligatoire.',
  'error.field.tooLong': 'Le champ « {{field}} » doit comporter au maximum {{max}} caractères.',
  'error.field.tooShort': 'Le champ « {{field}} » doit comporter au moins {{min}} caractères.',
  'error.field.tooBig': 'Le champ « {{field}} » ne doit pas dépasser {{max}}.',
  'error.field.tooSmall': 'Le champ « {{field}} » doit être au moins égal à {{min}}.',
  'error.field.wrongType': 'Le champ « {{field}} » contient une valeur d’un type incorrect.',
  'error.field.unknown': '« {{field}} » n’est pas un champ de cette requête.',
  'error.field.notAllowed': 'Le champ « {{field}} » contient une valeur non autorisée.',
  'error.field.badCharacter': '« {{field}} » contient un caractère non autorisé.',
  'error.resourceNotFound': 'Ce document n’existe pas ou n’est pas publié.',
  'error.categoryNotFound': 'Cette catégorie n’existe pas ou n’est pas publiée.',
} satisfies ErrorMessages;
