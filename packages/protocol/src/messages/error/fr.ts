import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Le corps de la requête n’est pas un JSON valide.',
  'error.badUrl': 'L’adresse de cette requête n’est pas valide.',
  'error.missingHost': 'Cette requête n’a pas d’en-tête Host, que HTTP/1.1 exige.',
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
  'error.tooManyLoginAttempts': 'Trop d’échecs de connexion. Réessayez dans {{seconds}} s.',
  'error.diagTransferLimit':
    'Cette adresse a utilisé sa part du test de bande passante pour le moment. Réessayez dans {{seconds}} s.',
  'error.internal': 'Une erreur est survenue sur le serveur. Veuillez réessayer.',
  'error.databaseUnavailable':
    'La base de données est momentanément injoignable. Veuillez réessayer dans quelques secondes.',
  'error.serverStopping': 'Le serveur redémarre. Veuillez réessayer dans quelques secondes.',
  'error.callCentreUnavailable':
    'Le centre d’appels passe sur un autre serveur. Veuillez réessayer dans quelques secondes.',
  'error.socketMissing': 'Aucune instance de socket n’existe. Démarrez d’abord le téléphone avec init().',
  'error.cannotSend': 'Impossible d’envoyer des messages : le téléphone n’est pas encore chargé.',
  'error.connectionDown':
    'La connexion est coupée ou indisponible. Le téléphone se reconnecte ; réessayez dans un instant.',
  'error.sessionEnded':
    'La session du téléphone est terminée (déconnecté, repris dans un autre onglet ou fermé) : il n’accepte plus de requêtes. Redémarrez le téléphone ou reprenez l’agent.',
  'error.phoneNotReady':
    'Le téléphone n’est pas encore connecté, la requête n’a donc pas été envoyée. Attendez que le téléphone soit prêt, puis réessayez.',
  'error.engineTimeout':
    'Le centre d’appels n’a pas répondu à temps : le résultat est inconnu. Vérifiez l’état du téléphone, puis réessayez.',

  'error.ssoTokenInvalid': 'Impossible d’obtenir la signature SSO : le jeton de clé publique SSO n’est pas valide.',
  'error.ssoAccountUnknown': 'Impossible d’obtenir la signature SSO : aucun agent de ce locataire n’utilise ce compte.',
  'error.ssoSignatureInvalid':
    'Impossible d’obtenir le jeton de connexion via le service Basic. La signature SSO n’est pas valide ou a expiré ; demandez-en une nouvelle.',
  'error.ssoSignatureUsed':
    'Impossible d’obtenir le jeton de connexion via le service Basic. Cette signature SSO a déjà été utilisée ; demandez-en une nouvelle.',
  'error.basicLoginFailed':
    'Impossible d’obtenir le jeton de connexion via le service Basic. Vérifiez l’identifiant et le mot de passe.',
  'error.agentDisabled':
    'Impossible d’obtenir le jeton de connexion via le service Basic. Ce compte d’agent est désactivé.',
  'error.accountAmbiguous': 'Ce matricule existe chez plusieurs locataires. Connectez-vous avec votre adresse e-mail.',
  'error.loginTokenInvalid':
    'Échec de l’authentification de connexion : le jeton de connexion n’est pas valide. Reconnectez-vous.',
  'error.loginTokenExpired':
    'Échec de l’authentification de connexion : le jeton de connexion a expiré. Reconnectez-vous.',
  'error.loginTokenUsed':
    'Échec de l’authentification de connexion : ce jeton de connexion a déjà été utilisé. Obtenez-en un nouveau.',
  'error.socketAuthFailed': 'Échec de l’authentification du socket.',
  'error.sessionGone': 'La session n’a pas pu être reprise, car elle est terminée. Reconnectez-vous.',
  'error.badFrame': 'Le message n’a pas pu être lu : ce n’est pas un message du protocole du softphone.',
  'error.unknownMethod': 'Aucune méthode ne s’appelle « {{method}} ».',
  'error.invalidParams': 'Certains paramètres ne sont pas valides : {{detail}}',
  'error.checkInNotAllowed': 'Échec de la prise de service : cet agent n’est pas autorisé à prendre son service.',
  'error.checkInNoExtension':
    'Échec de la prise de service : cet agent n’a pas de poste. Demandez à un administrateur de lui en attribuer un.',
  'error.notCheckedIn': 'Prenez d’abord votre service.',
  'error.alreadyCheckedIn': 'L’agent a déjà pris son service.',
  'error.illegalAgentStatus': 'L’agent ne peut pas terminer son service pendant un appel. Terminez d’abord l’appel.',
  'error.unknownReason': 'Ce motif d’indisponibilité ne figure pas dans la liste du locataire.',
  'error.unknownWrapUpCode': 'Ce code de qualification ne figure pas dans la liste du locataire.',
  'error.frameTooLarge': 'Le message est trop volumineux.',
  'error.tooManyFrames':
    'Trop de messages en peu de temps. La connexion a été fermée ; elle va se rétablir automatiquement.',
  'error.invalidNumber': 'Ce numéro ne peut pas être composé. Vérifiez-le et réessayez.',
  'error.callNotFound': 'Cet appel n’existe plus.',
  'error.agentInCall': 'L’agent est déjà en communication.',
  'error.illegalCallState': 'Cette action est impossible dans l’état actuel de l’appel.',
  'error.transferFailed': 'Le transfert a échoué : le numéro externe n’a pas pris l’appel.',
  'error.trunkTransferUnsupported':
    'Un appel sur le trunk SIP peut être transféré à un collègue ou à la file d’attente, mais pas encore vers un numéro externe.',
  'error.extensionUnavailable':
    'Ce poste ne peut pas prendre d’appel pour l’instant : le collègue est hors ligne ou déjà en communication, ou le poste n’est attribué à personne.',
  'error.internalCallNotAllowed': 'Les appels vers les collègues sont désactivés sur ce softphone.',
  'error.numberBlocked':
    'Les appels vers le {{number}} sont bloqués par le plan de numérotation de votre centre d’appels.',
  'error.premiumNumberBlocked':
    'Le {{number}} est un numéro surtaxé ou satellite, et le plan de numérotation de votre centre d’appels n’autorise pas les appels vers ce numéro.',
  'error.internationalNotAllowed':
    'Le {{number}} est un numéro à l’étranger, et le plan de numérotation de votre centre d’appels ne vous permet pas de passer des appels internationaux.',
  'error.tenantNotFound': 'Ce locataire n’existe pas. Il a peut-être été supprimé.',
  'error.agentNotFound': 'Cet agent n’existe pas. Il a peut-être été supprimé.',
  'error.agentTaken': 'Un autre agent utilise déjà cette valeur.',
  'error.webhookNotFound': 'Ce webhook n’existe pas. Il a peut-être été supprimé.',
  'error.webhookDeliveryNotFound':
    'Cet envoi ne figure plus dans le journal. Les envois anciens sont effacés au bout d’un certain temps.',
  'error.apiKeyInvalid':
    'La clé d’API est absente, inconnue ou révoquée. Envoyez-la sous la forme « Authorization: Bearer opk_… », ou créez-en une nouvelle dans le CMS.',
  'error.apiKeyNotFound': 'Cette clé d’API n’existe pas. Elle a peut-être déjà été révoquée.',
  'error.apiKeyLimit':
    'Un locataire peut avoir au plus {{max}} clés d’API. Révoquez d’abord une clé dont vous ne vous servez plus.',
  'error.eventCursorUnknown':
    'Les événements qui suivent celui-ci ne sont plus conservés (les événements sont gardés 30 jours), ou ce n’est pas un événement de ce locataire. Recommencez sans « after » et récupérez ce qui vous manque à partir de vos propres données.',
  'error.eventStreamLimit': 'Cette clé d’API a déjà {{max}} flux ouverts. Fermez-en un, ou utilisez une autre clé.',
  'error.webhookLimit':
    'Un locataire peut avoir au plus {{max}} webhooks. Supprimez d’abord un webhook dont vous ne vous servez plus.',
  'error.webhookTargetRefused':
    '{{host}} se trouve sur ce serveur ou sur un réseau privé, et ce serveur n’y envoie pas d’événements. Utilisez une adresse joignable depuis Internet, ou demandez à l’exploitant d’autoriser les cibles privées (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Indiquez pour l’agent au moins une adresse e-mail, un matricule ou un numéro de mobile pour se connecter.',

  'error.field.required': 'Le champ « {{field}} » est obligatoire.',
  'error.field.tooLong': 'Le champ « {{field}} » doit comporter au maximum {{max}} caractères.',
  'error.field.tooShort': 'Le champ « {{field}} » doit comporter au moins {{min}} caractères.',
  'error.field.tooBig': 'Le champ « {{field}} » ne doit pas dépasser {{max}}.',
  'error.field.tooSmall': 'Le champ « {{field}} » doit être au moins égal à {{min}}.',
  'error.field.wrongType': 'Le champ « {{field}} » contient une valeur d’un type incorrect.',
  'error.field.unknown': '« {{field}} » n’est pas un champ de cette requête.',
  'error.field.notAllowed': 'Le champ « {{field}} » contient une valeur non autorisée.',
  'error.field.badCharacter': '« {{field}} » contient un caractère non autorisé.',
  'error.field.tooMany': '« {{field}} » peut contenir au plus {{max}} entrées.',
  'error.field.emptyKey': '« {{field}} » contient une entrée sans nom.',
  'error.field.weakPassword':
    '« {{field}} » est trop facile à deviner : un mot de passe courant ou divulgué, des caractères répétés ou qui se suivent, ou un mot de ce service ou du compte. Quelques mots sans rapport entre eux font un mot de passe solide.',
  'error.field.reusedPassword': '« {{field}} » doit être différent du mot de passe actuel.',
  'error.demoAgentPasswordRefused':
    'Cet agent a toujours le mot de passe de démonstration publié, qui ne fonctionne que sur un serveur joignable depuis cette seule machine. Demandez à un administrateur de lui définir un nouveau mot de passe dans le CMS.',
  'error.resourceNotFound': 'Ce document n’existe pas ou n’est pas publié.',
  'error.accountDisabled': 'Ce compte a été désactivé. Demandez à un administrateur de le réactiver.',
  'error.forbidden': 'Votre rôle ne vous permet pas d’effectuer cette action. Adressez-vous à un administrateur.',
  'error.passwordChangeRequired': 'Modifiez le mot de passe de démonstration avant de continuer.',
  'error.attachmentNotFound': 'Cette pièce jointe n’existe pas. Elle a peut-être été supprimée.',
  'error.accountNotFound': 'Ce compte n’existe pas. Il a peut-être été supprimé.',
  'error.staleRevision':
    'Quelqu’un d’autre a enregistré cet élément après que vous l’avez ouvert. Comparez les deux versions avant d’enregistrer à nouveau.',
  'error.categoryNotEmpty':
    'Cette catégorie contient encore des sous-catégories ou des documents. Déplacez-les ou supprimez-les d’abord.',
  'error.illegalStatusChange':
    'Ce changement de statut n’est pas autorisé. Seul un élément non publié ou hors ligne peut être publié, et seul un élément publié peut être mis hors ligne.',
  'error.categoryCycle': 'Une catégorie ne peut pas être déplacée sous elle-même ni sous l’une de ses sous-catégories.',
  'error.attachmentInUse': 'Un document contient encore un lien vers cette pièce jointe. Supprimez d’abord ce lien.',
  'error.accountTaken': 'Un compte portant cet identifiant existe déjà.',
  'error.lastAdmin':
    'Il s’agit du dernier administrateur actif. Attribuez d’abord le rôle d’administrateur à un autre compte.',
  'error.sortMismatch': 'La liste a changé pendant que vous la triiez. Rechargez la page et réessayez.',
  'error.attachmentTooLarge': 'Le fichier est trop volumineux ({{max}} Mo au maximum).',
  'error.unsupportedFileType':
    'Ce type de fichier ne peut pas être joint. Utilisez une image ou un fichier PDF, texte, Markdown, CSV ou ZIP.',
  'error.categoryNotFound': 'Cette catégorie n’existe pas ou n’est pas publiée.',
  'error.deviceNotFound':
    'Ce périphérique n’existe pas dans ce navigateur. Il a peut-être été débranché : appelez getDevices pour obtenir la liste actuelle.',
  'error.outputSelectionUnsupported':
    'Ce navigateur ne permet pas de choisir où le son est diffusé ; seule la sortie par défaut peut donc être utilisée.',
  'error.didTaken':
    'Le numéro {{number}} fait déjà sonner un autre locataire. Un numéro ne peut joindre qu’un seul locataire.',
  'error.telephonyNotConfigured':
    'Ce serveur n’a ni socket SIP ni relais média configurés (SIP_LISTEN et RTPENGINE_NG) : impossible d’activer un trunk.',
  'error.secretsKeyMissing':
    'Ce serveur n’a pas de clé pour conserver les mots de passe chiffrés (SECRETS_KEY) : impossible d’enregistrer le mot de passe du trunk.',
  'error.trunkBusy':
    'Toutes les lignes téléphoniques de votre centre d’appels sont occupées. Réessayez quand un appel sera terminé.',
  'error.shortNumberIsExtension':
    'Le {{number}} est le poste d’un agent. S’il figure parmi les numéros courts du plan de numérotation, les appels vers ce numéro partiront sur le réseau téléphonique au lieu de faire sonner son poste : retirez-le de la liste ou changez le poste.',
  'error.field.duplicate': '« {{field}} » répète une valeur déjà présente dans la liste.',
  'error.jsonTooDeep':
    'Le corps de la requête imbrique des listes et des objets trop profondément ({{max}} niveaux au maximum).',
  'error.trunkHostForbidden':
    '{{host}} ne peut pas être l’hôte d’un trunk : c’est une adresse lien-local ou de métadonnées du cloud, jamais le serveur SIP d’un opérateur. Saisissez l’adresse fournie par votre opérateur.',
} satisfies ErrorMessages;
